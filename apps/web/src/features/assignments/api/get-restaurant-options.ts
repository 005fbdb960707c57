import { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the restaurants key on purpose (the same key and data as the other screens'
 * restaurant choices): hq's changes to restaurants refresh these too.
 */
export const restaurantOptionsQueryKey = ['restaurants', 'options'] as const;

/** Active restaurants by name: hq's restaurant filters. */
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
