import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { sensorsQueryKey } from './get-sensor-devices';

/** Retires a device: its key stops working; its readings and excursions stay in the food-safety log. */
export async function removeSensorDevice(id: string): Promise<void> {
  await apiRequest(`/api/sensors/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveSensorDevice(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSensorDevice,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      return queryClient.invalidateQueries({ queryKey: sensorsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
