import { FoodSafetyLog, type FoodSafetyLogQuery } from '@brigade/core/schemas/food-safety-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const foodSafetyLogQueryKey = ['food-safety-log'] as const;

/** The query string of the log and its downloads: `restaurantId`, `period` and `from`. */
export function logSearch(query: FoodSafetyLogQuery): string {
  return new URLSearchParams({ restaurantId: query.restaurantId, period: query.period, from: query.from }).toString();
}

/** A restaurant's log of a day, week or month: its records with values, corrections, actions and sign-offs. */
export async function fetchFoodSafetyLog(query: FoodSafetyLogQuery, signal?: AbortSignal): Promise<FoodSafetyLog> {
  return FoodSafetyLog.parse(await apiRequest(`/api/food-safety-log?${logSearch(query)}`, { signal }));
}

export function foodSafetyLogQuery(query: FoodSafetyLogQuery) {
  return queryOptions({
    queryKey: [...foodSafetyLogQueryKey, query.restaurantId, query.period, query.from],
    queryFn: ({ signal }) => fetchFoodSafetyLog(query, signal),
    // The previous period stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useFoodSafetyLog(query: FoodSafetyLogQuery | null) {
  return useQuery({
    ...foodSafetyLogQuery(query ?? { restaurantId: '', period: 'day', from: '' }),
    enabled: query !== null,
  });
}
