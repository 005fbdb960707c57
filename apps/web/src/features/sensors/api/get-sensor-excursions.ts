import { SensorExcursionList, type SensorExcursionListQuery } from '@brigade/core/schemas/sensors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sensorsQueryKey } from './get-sensor-devices';

type ExcursionFilter = Pick<SensorExcursionListQuery, 'restaurantId' | 'state'>;

/** Excursions the caller reaches, live first, then newest: one restaurant's, or all (a manager: theirs). */
export async function fetchSensorExcursions(
  filter: ExcursionFilter,
  signal?: AbortSignal,
): Promise<SensorExcursionList> {
  const query = new URLSearchParams();
  if (filter.restaurantId) query.set('restaurantId', filter.restaurantId);
  if (filter.state) query.set('state', filter.state);
  return SensorExcursionList.parse(await apiRequest(`/api/sensors/excursions?${query}`, { signal }));
}

export function sensorExcursionsQuery(filter: ExcursionFilter) {
  return queryOptions({
    queryKey: [...sensorsQueryKey, 'excursions', filter.restaurantId ?? 'all', filter.state ?? 'any'],
    queryFn: ({ signal }) => fetchSensorExcursions(filter, signal),
    refetchInterval: 60_000,
  });
}

export function useSensorExcursions(filter: ExcursionFilter) {
  return useQuery(sensorExcursionsQuery(filter));
}
