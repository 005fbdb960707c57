import { Restaurant } from '@brigade/core/schemas/restaurants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';

export interface SetRestaurantActiveVariables {
  id: string;
  isActive: boolean;
}

/** The power button (core-operations §4): flips is_active. */
export async function setRestaurantActive({ id, isActive }: SetRestaurantActiveVariables): Promise<Restaurant> {
  return Restaurant.parse(
    await apiRequest(`/api/restaurants/${encodeURIComponent(id)}/active`, { method: 'PATCH', body: { isActive } }),
  );
}

export function useSetRestaurantActive(callbacks: MutationCallbacks<Restaurant, SetRestaurantActiveVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRestaurantActive,
    onSuccess: async (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      // A list request still under way (a search just typed) may have read the restaurant
      // before this change, and invalidating reuses a query's first request rather than
      // cancelling it: that older answer would then show the old status. Cancel it first.
      await queryClient.cancelQueries({ queryKey: restaurantsQueryKey });
      return queryClient.invalidateQueries({ queryKey: restaurantsQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
