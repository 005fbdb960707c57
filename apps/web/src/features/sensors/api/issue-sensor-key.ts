import { SensorDeviceWithKey } from '@brigade/core/schemas/sensors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { sensorsQueryKey } from './get-sensor-devices';

/** A new key for a device: shown in this answer only; the old key is refused from now on, on every server. */
export async function issueSensorKey(id: string): Promise<SensorDeviceWithKey> {
  return SensorDeviceWithKey.parse(
    await apiRequest(`/api/sensors/devices/${encodeURIComponent(id)}/key`, { method: 'POST', body: {} }),
  );
}

export function useIssueSensorKey(callbacks: MutationCallbacks<SensorDeviceWithKey, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueSensorKey,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      return queryClient.invalidateQueries({ queryKey: sensorsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
