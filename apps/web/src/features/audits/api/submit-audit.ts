import type { AuditDetail } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendThroughOutbox } from '../../../lib/api/send-through-outbox';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { outboxDb } from '../../../lib/offline/outbox';
import { auditItemsReplaceKey, auditSubject, storeAudit } from './audit-outbox';
import type { AuditItemsVariables } from './save-audit-draft';

/**
 * Submit Audit, through the outbox (issue 34): saves every item and completes the audit;
 * the server computes the final score and dates the submit when it was made on the device.
 * Answers the completed audit once sent, or null while the submit waits on this device.
 * Answers 400 "Please assess all items (N remaining)" while an item is unmarked.
 */
export async function submitAudit({ id, input, label }: AuditItemsVariables) {
  const result = await sendThroughOutbox({
    kind: 'auditSubmit',
    subject: auditSubject(id),
    label,
    method: 'POST',
    url: `/api/audits/${encodeURIComponent(id)}/submit`,
    body: input,
  });
  if (!result.sent) await dropSupersededSaves(id, result.item.seq);
  return result;
}

/**
 * The submit carries every mark and comment and the version the waiting saves were made
 * from, so those saves go (sent first, they would move the version under the submit).
 * Not by replacing them: the submit must keep its own place after the photos taken since.
 */
async function dropSupersededSaves(id: string, submitSeq: number) {
  await outboxDb.items
    .where('replaceKey')
    .equals(auditItemsReplaceKey(id))
    .filter((item) => item.kind === 'auditDraft' && item.seq < submitSeq && ['waiting', 'failed'].includes(item.state))
    .delete();
}

export function useSubmitAudit(callbacks: MutationCallbacks<AuditDetail | null, AuditItemsVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline too: the outbox keeps the change until the connection is back.
    networkMode: 'always',
    mutationFn: async (variables: AuditItemsVariables): Promise<AuditDetail | null> => {
      const result = await submitAudit(variables);
      // Lists, dashboards' recent audits and counts all change when an audit completes.
      return result.sent ? storeAudit(queryClient, result.reply) : null;
    },
    // Here, not in `mutate`: the completed audit replaces the editor before this runs.
    onSuccess: (audit, variables) => callbacks.onSuccess?.(audit, variables),
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
