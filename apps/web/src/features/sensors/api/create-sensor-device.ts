import { type SensorDeviceInput, SensorDeviceWithKey } from '@brigade/core/schemas/sensors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sensorsQueryKey } from './get-sensor-devices';

/** Registers a device: the answer carries its key, this once. */
export async function createSensorDevice(input: SensorDeviceInput): Promise<SensorDeviceWithKey> {
  return SensorDeviceWithKey.parse(await apiRequest('/api/sensors/devices', { method: 'POST', body: input }));
}

export function useCreateSensorDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSensorDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}
