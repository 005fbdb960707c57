import { StoreScoreTrend } from '@brigade/core/schemas/store-performance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storePerformanceQueryKey } from './get-store-performance';

/** The restaurant's weekly average audit score over 12 weeks, beside the chain's (hq). */
export async function fetchStoreScoreTrend(restaurantId: string, signal?: AbortSignal): Promise<StoreScoreTrend> {
  return StoreScoreTrend.parse(
    await apiRequest(`/api/store-performance/${encodeURIComponent(restaurantId)}/score-trend`, { signal }),
  );
}

export function storeScoreTrendQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...storePerformanceQueryKey, restaurantId, 'score-trend'] as const,
    queryFn: ({ signal }) => fetchStoreScoreTrend(restaurantId, signal),
    staleTime: 0,
  });
}

export function useStoreScoreTrend(restaurantId: string) {
  return useQuery(storeScoreTrendQuery(restaurantId));
}
