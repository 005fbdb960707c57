import { TrainingSuggestionPage } from '@brigade/core/schemas/training-suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every suggestions query (issue 20: findings that train); assigning or dismissing one refreshes them. */
export const trainingSuggestionsQueryKey = ['training-suggestions'] as const;

/** The panel shows the newest open suggestions; the rest are counted. */
export const SUGGESTIONS_SHOWN = 5;

/** Open suggestions of one restaurant, or (hq, no restaurant) of every restaurant. */
export async function fetchTrainingSuggestions(
  restaurantId: string | null,
  signal?: AbortSignal,
): Promise<TrainingSuggestionPage> {
  const query = new URLSearchParams({ pageSize: String(SUGGESTIONS_SHOWN) });
  if (restaurantId) query.set('restaurantId', restaurantId);
  return TrainingSuggestionPage.parse(await apiRequest(`/api/training-suggestions?${query}`, { signal }));
}

export function useTrainingSuggestions(restaurantId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...trainingSuggestionsQueryKey, restaurantId ?? 'all'],
      queryFn: ({ signal }) => fetchTrainingSuggestions(restaurantId, signal),
    }),
  );
}
