import { AuditDetail } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditQueryKey } from './get-audit';
import { auditsQueryKey } from './get-audits';
import type { AuditItemsVariables } from './save-audit-draft';

/**
 * Submit Audit: saves every item and completes the audit; the server computes the final
 * score. Answers 400 "Please assess all items (N remaining)" while an item is unmarked.
 */
export async function submitAudit({ id, input }: AuditItemsVariables): Promise<AuditDetail> {
  return AuditDetail.parse(
    await apiRequest(`/api/audits/${encodeURIComponent(id)}/submit`, { method: 'POST', body: input }),
  );
}

export function useSubmitAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAudit,
    onSuccess: (audit) => {
      queryClient.setQueryData(auditQueryKey(audit.id), audit);
      // Lists, dashboards' recent audits and counts all change when an audit completes.
      return queryClient.invalidateQueries({
        queryKey: auditsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
