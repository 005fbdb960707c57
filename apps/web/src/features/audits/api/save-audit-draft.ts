import { AuditDetail, type AuditItemsInput } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditQueryKey } from './get-audit';
import { auditsQueryKey } from './get-audits';

export interface AuditItemsVariables {
  id: string;
  /** Every item's mark and comment, and the version the editor started from. */
  input: AuditItemsInput;
}

/**
 * Save Draft. Answers 409 when someone saved the draft since `version` was read
 * (messages.auditChangedElsewhere) or it was completed (messages.auditCompletedReadOnly).
 */
export async function saveAuditDraft({ id, input }: AuditItemsVariables): Promise<AuditDetail> {
  return AuditDetail.parse(
    await apiRequest(`/api/audits/${encodeURIComponent(id)}/draft`, { method: 'PUT', body: input }),
  );
}

export function useSaveAuditDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAuditDraft,
    onSuccess: (audit) => {
      queryClient.setQueryData(auditQueryKey(audit.id), audit);
      // Everything else about audits may show this one; its own detail is already fresh.
      return queryClient.invalidateQueries({
        queryKey: auditsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
