import type { SortOrder } from '@brigade/core/schemas/common';
import { RestaurantPage, type RestaurantSort } from '@brigade/core/schemas/restaurants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { restaurantsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface RestaurantListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: RestaurantSort;
  order: SortOrder;
}

export function restaurantListQueryKey(params: RestaurantListParams) {
  return [...restaurantsQueryKey, 'list', params] as const;
}

/** One page of restaurants, searched and sorted on the server. */
export async function fetchRestaurants(params: RestaurantListParams, signal?: AbortSignal): Promise<RestaurantPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
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
