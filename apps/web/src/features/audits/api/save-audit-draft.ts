import type { AuditDetail, AuditItemsInput } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendThroughOutbox } from '../../../lib/api/send-through-outbox';
import { auditItemsReplaceKey, auditSubject, storeAudit } from './audit-outbox';

export interface AuditItemsVariables {
  id: string;
  /** Every item's mark and comment, and the version the editor started from. */
  input: AuditItemsInput;
  /** What the list of waiting changes calls it ("Draft · Brigade Amsterdam"). */
  label: string;
}

/**
 * Save Draft, through the outbox (issue 34): answers the saved audit once sent, or null
 * while the save waits on this device. The server answers 409 when someone saved the
 * draft since `version` was read (messages.auditChangedElsewhere) or it was completed
 * (messages.auditCompletedReadOnly); that stays in the outbox as a conflict.
 */
export async function saveAuditDraft({ id, input, label }: AuditItemsVariables) {
  return sendThroughOutbox({
    kind: 'auditDraft',
    subject: auditSubject(id),
    replaceKey: auditItemsReplaceKey(id),
    label,
    method: 'PUT',
    url: `/api/audits/${encodeURIComponent(id)}/draft`,
    body: input,
  });
}

export function useSaveAuditDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline too: the outbox keeps the change until the connection is back.
    networkMode: 'always',
    mutationFn: async (variables: AuditItemsVariables): Promise<AuditDetail | null> => {
      const result = await saveAuditDraft(variables);
      return result.sent ? storeAudit(queryClient, result.reply) : null;
    },
  });
}
