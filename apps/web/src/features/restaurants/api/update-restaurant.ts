import { Restaurant, type RestaurantInput } from '@brigade/core/schemas/restaurants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateRestaurantVariables {
  id: string;
  input: RestaurantInput;
}

export async function updateRestaurant({ id, input }: UpdateRestaurantVariables): Promise<Restaurant> {
  return Restaurant.parse(
    await apiRequest(`/api/restaurants/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantsQueryKey }),
  });
}
