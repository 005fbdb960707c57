import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { staffQueryKey } from './get-staff';

/** Deletes a person; what they did stays, credited to "Deleted user" (decision 002). */
export async function deleteUser(id: string): Promise<void> {
  await apiRequest(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: staffQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
