import { SensorExcursionDetail } from '@brigade/core/schemas/sensors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sensorsQueryKey } from './get-sensor-devices';

/** One excursion with its curve: the readings from its start to its end (or now). */
export async function fetchSensorExcursion(id: string, signal?: AbortSignal): Promise<SensorExcursionDetail> {
  return SensorExcursionDetail.parse(await apiRequest(`/api/sensors/excursions/${encodeURIComponent(id)}`, { signal }));
}

export function sensorExcursionQuery(id: string) {
  return queryOptions({
    queryKey: [...sensorsQueryKey, 'excursion', id],
    queryFn: ({ signal }) => fetchSensorExcursion(id, signal),
    // A live excursion's curve grows with each reading.
    refetchInterval: (query) => (query.state.data?.state === 'live' ? 60_000 : false),
  });
}

export function useSensorExcursion(id: string) {
  return useQuery(sensorExcursionQuery(id));
}
