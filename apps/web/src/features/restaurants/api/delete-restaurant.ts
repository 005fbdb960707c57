import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';

/** Deletes a restaurant without history; one with audits, staff or trainings answers 409. */
export async function deleteRestaurant(id: string): Promise<void> {
  await apiRequest(`/api/restaurants/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRestaurant(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestaurant,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: restaurantsQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
