import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { auditTemplatesQueryKey } from './get-audit-templates';

/** Deletes a template; audits made from it keep their own copy of its items (decision 002). */
export async function deleteAuditTemplate(id: string): Promise<void> {
  await apiRequest(`/api/audit-templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAuditTemplate(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuditTemplate,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: auditTemplatesQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
