import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { assignmentDependentKeys, assignmentsQueryKey } from './get-assignment-overview';

/** Removes one assignment (hq; a manager for staff of their restaurants). */
export async function deleteAssignment(id: string): Promise<void> {
  await apiRequest(`/api/training-assignments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAssignment(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      for (const queryKey of assignmentDependentKeys) void queryClient.invalidateQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
