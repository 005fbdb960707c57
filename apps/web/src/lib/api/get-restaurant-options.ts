import { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { restaurantsQueryKey } from './query-keys';

/**
 * Under the restaurants key on purpose: when hq adds, renames or deactivates a
 * restaurant, invalidating `['restaurants']` refreshes every screen's choices too.
 */
export const restaurantOptionsQueryKey = [...restaurantsQueryKey, 'options'] as const;

/** Active restaurants by name: hq's restaurant filters and form choices. */
export async function fetchRestaurantOptions(signal?: AbortSignal): Promise<RestaurantOption[]> {
  return z.array(RestaurantOption).parse(await apiRequest('/api/restaurants/options', { signal }));
}

export const restaurantOptionsQuery = queryOptions({
  queryKey: restaurantOptionsQueryKey,
  queryFn: ({ signal }) => fetchRestaurantOptions(signal),
});

export function useRestaurantOptions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...restaurantOptionsQuery, enabled: options.enabled ?? true });
}
