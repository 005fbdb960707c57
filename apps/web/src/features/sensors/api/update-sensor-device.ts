import { SensorDevice, type SensorDeviceInput } from '@brigade/core/schemas/sensors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sensorsQueryKey } from './get-sensor-devices';

export interface UpdateSensorDevice {
  id: string;
  input: SensorDeviceInput;
}

/** Changes a device's name, kind, limits, delay or recovery; its key stays. */
export async function updateSensorDevice({ id, input }: UpdateSensorDevice): Promise<SensorDevice> {
  return SensorDevice.parse(
    await apiRequest(`/api/sensors/devices/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateSensorDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSensorDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}
