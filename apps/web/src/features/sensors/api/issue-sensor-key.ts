import { SensorDeviceWithKey } from '@brigade/core/schemas/sensors';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { useSensorMutation } from './use-sensor-mutation';

/** A new key for a device: shown in this answer only; the old key is refused from now on, on every server. */
export async function issueSensorKey(id: string): Promise<SensorDeviceWithKey> {
  return SensorDeviceWithKey.parse(
    await apiRequest(`/api/sensors/devices/${encodeURIComponent(id)}/key`, { method: 'POST', body: {} }),
  );
}

export function useIssueSensorKey(callbacks: MutationCallbacks<SensorDeviceWithKey, string> = {}) {
  return useSensorMutation(issueSensorKey, callbacks);
}
