import { RestaurantPage } from '@brigade/core/schemas/restaurants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { restaurantsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface RestaurantListParams {
  search: string;
  page: number;
  pageSize: number;
}

export function restaurantListQueryKey(params: RestaurantListParams) {
  return [...restaurantsQueryKey, 'list', params] as const;
}

/** One page of restaurants by name; the search runs on the server. */
export async function fetchRestaurants(params: RestaurantListParams, signal?: AbortSignal): Promise<RestaurantPage> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search) query.set('search', params.search);
  return RestaurantPage.parse(await apiRequest(`/api/restaurants?${query}`, { signal }));
}

export function restaurantListQuery(params: RestaurantListParams) {
  return queryOptions({
    queryKey: restaurantListQueryKey(params),
    queryFn: ({ signal }) => fetchRestaurants(params, signal),
    // Typing a search or turning a page keeps the old rows until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useRestaurants(params: RestaurantListParams) {
  return useQuery(restaurantListQuery(params));
}
