import type { AuditDetail } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendThroughOutbox } from '../../../lib/api/send-through-outbox';
import { auditItemsReplaceKey, auditSubject, storeAudit } from './audit-outbox';
import type { AuditItemsVariables } from './save-audit-draft';

/**
 * Submit Audit, through the outbox (issue 34): saves every item and completes the audit;
 * the server computes the final score and dates the submit when it was made on the device.
 * Answers the completed audit once sent, or null while the submit waits on this device.
 * Answers 400 "Please assess all items (N remaining)" while an item is unmarked.
 */
export async function submitAudit({ id, input, label }: AuditItemsVariables) {
  return sendThroughOutbox({
    kind: 'auditSubmit',
    subject: auditSubject(id),
    replaceKey: auditItemsReplaceKey(id),
    label,
    method: 'POST',
    url: `/api/audits/${encodeURIComponent(id)}/submit`,
    body: input,
  });
}

export function useSubmitAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: AuditItemsVariables): Promise<AuditDetail | null> => {
      const result = await submitAudit(variables);
      // Lists, dashboards' recent audits and counts all change when an audit completes.
      return result.sent ? storeAudit(queryClient, result.reply) : null;
    },
  });
}
