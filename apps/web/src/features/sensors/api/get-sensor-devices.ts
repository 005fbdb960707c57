import { SensorDeviceList } from '@brigade/core/schemas/sensors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every sensor query: a change to a device refreshes its list, its restaurant's status and charts. */
export const sensorsQueryKey = ['sensors'] as const;
export const sensorDevicesQueryKey = [...sensorsQueryKey, 'devices'] as const;

/** The devices the caller reaches (hq: every restaurant's; a manager: their restaurants'), by restaurant, then name. */
export async function fetchSensorDevices(signal?: AbortSignal): Promise<SensorDeviceList> {
  return SensorDeviceList.parse(await apiRequest('/api/sensors/devices', { signal }));
}

export const sensorDevicesQuery = queryOptions({
  queryKey: sensorDevicesQueryKey,
  queryFn: ({ signal }) => fetchSensorDevices(signal),
  // A device's state changes with its readings: the list follows without a reload.
  refetchInterval: 60_000,
});

export function useSensorDevices() {
  return useQuery(sensorDevicesQuery);
}
