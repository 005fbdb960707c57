import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { useSensorMutation } from './use-sensor-mutation';

/** Retires a device: its key stops working; its readings and excursions stay in the food-safety log. */
export async function removeSensorDevice(id: string): Promise<void> {
  await apiRequest(`/api/sensors/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveSensorDevice(callbacks: MutationCallbacks<void, string> = {}) {
  return useSensorMutation(removeSensorDevice, callbacks);
}
