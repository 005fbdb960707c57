import { StoreVisits } from '@brigade/core/schemas/store-performance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storePerformanceQueryKey } from './get-store-performance';

/** The restaurant's store visits from the monday.com board, or "not configured" (hq). */
export async function fetchStoreVisits(restaurantId: string, signal?: AbortSignal): Promise<StoreVisits> {
  return StoreVisits.parse(
    await apiRequest(`/api/store-performance/${encodeURIComponent(restaurantId)}/visits`, { signal }),
  );
}

export function storeVisitsQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...storePerformanceQueryKey, restaurantId, 'visits'] as const,
    queryFn: ({ signal }) => fetchStoreVisits(restaurantId, signal),
    staleTime: 0,
    // The board is someone else's service: one more try, then say so.
    retry: 1,
  });
}

export function useStoreVisits(restaurantId: string) {
  return useQuery(storeVisitsQuery(restaurantId));
}
