import { StorePerformance } from '@brigade/core/schemas/store-performance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every store performance query starts with this key. */
export const storePerformanceQueryKey = ['store-performance'] as const;

/** Stats, the 5 latest audits and the staff of one restaurant, in one request (hq). */
export async function fetchStorePerformance(restaurantId: string, signal?: AbortSignal): Promise<StorePerformance> {
  return StorePerformance.parse(
    await apiRequest(`/api/store-performance/${encodeURIComponent(restaurantId)}`, { signal }),
  );
}

export function storePerformanceQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...storePerformanceQueryKey, restaurantId, 'overview'] as const,
    queryFn: ({ signal }) => fetchStorePerformance(restaurantId, signal),
    // Choosing a restaurant (again) loads its figures anew.
    staleTime: 0,
  });
}

export function useStorePerformance(restaurantId: string) {
  return useQuery(storePerformanceQuery(restaurantId));
}
