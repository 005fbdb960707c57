import { Restaurant, type RestaurantInput } from '@brigade/core/schemas/restaurants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Adds a restaurant; new restaurants start active (core-operations §4). */
export async function createRestaurant(input: RestaurantInput): Promise<Restaurant> {
  return Restaurant.parse(await apiRequest('/api/restaurants', { method: 'POST', body: input }));
}

export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantsQueryKey }),
  });
}
