import { SensorStatus } from '@brigade/core/schemas/sensors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sensorsQueryKey } from './get-sensor-devices';

/** A restaurant's devices with their live state and the count of each state. */
export async function fetchSensorStatus(restaurantId: string, signal?: AbortSignal): Promise<SensorStatus> {
  const query = new URLSearchParams({ restaurantId });
  return SensorStatus.parse(await apiRequest(`/api/sensors/status?${query}`, { signal }));
}

export function sensorStatusQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...sensorsQueryKey, 'status', restaurantId],
    queryFn: ({ signal }) => fetchSensorStatus(restaurantId, signal),
    refetchInterval: 60_000,
  });
}

export function useSensorStatus(restaurantId: string) {
  return useQuery(sensorStatusQuery(restaurantId));
}
