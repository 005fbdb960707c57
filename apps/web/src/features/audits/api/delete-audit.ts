import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { auditQueryKey } from './get-audit';
import { auditsQueryKey } from './get-audits';

/** Deletes an audit with its items (hq). */
export async function deleteAudit(id: string): Promise<void> {
  await apiRequest(`/api/audits/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAudit(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudit,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      // Gone: nothing may refetch it and show "Audit not found" on the way out.
      queryClient.removeQueries({ queryKey: auditQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: auditsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
