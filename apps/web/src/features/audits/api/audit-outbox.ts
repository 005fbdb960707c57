import { AuditDetail } from '@brigade/core/schemas/audits';
import type { QueryClient } from '@tanstack/react-query';
import { onSent } from '../../../lib/offline/outbox';
import { useOutboxFor } from '../../../lib/offline/use-outbox';
import { queryClient } from '../../../lib/query-client';
import { auditQueryKey } from './get-audit';
import { auditsQueryKey } from './get-audits';

const SUBJECT_PREFIX = 'audit:';

/**
 * The outbox subject of an audit (issue 34): its draft saves, item photos and submit are
 * sent in the order they were made, so the photos reach the draft before it is submitted.
 */
export function auditSubject(id: string) {
  return `${SUBJECT_PREFIX}${id}`;
}

/**
 * Save Draft's replace key: a newer save replaces one still waiting, so the version it was
 * made from stays the one the server has; a submit drops the saves before it (submit-audit.ts).
 */
export function auditItemsReplaceKey(id: string) {
  return `${SUBJECT_PREFIX}${id}:items`;
}

/** Puts a saved or submitted audit into the cache (items in template order) and refreshes the lists. */
export function storeAudit(client: QueryClient, reply: unknown) {
  const audit = AuditDetail.parse(reply);
  const sorted = { ...audit, items: [...audit.items].sort((a, b) => a.orderNum - b.orderNum) };
  client.setQueryData(auditQueryKey(audit.id), sorted);
  // Everything else about audits may show this one; its own detail is already fresh.
  void client.invalidateQueries({ queryKey: auditsQueryKey, predicate: (query) => query.queryKey[1] !== 'detail' });
  return sorted;
}

// A save or submit the outbox sends later (back online, after a reload) updates the cache
// too. Sent items are announced again to a page opened within seconds of their sending, in
// no particular order: an older reply never replaces a newer audit.
onSent((item) => {
  if (!item.subject.startsWith(SUBJECT_PREFIX)) return;
  if (item.kind !== 'auditDraft' && item.kind !== 'auditSubmit') return;
  const parsed = AuditDetail.safeParse(item.reply);
  if (!parsed.success) return;
  const cached = queryClient.getQueryData<AuditDetail>(auditQueryKey(parsed.data.id));
  if (cached && cached.version > parsed.data.version) return;
  storeAudit(queryClient, item.reply);
});

/** This audit's changes still in the outbox (waiting, sending, failed, conflicting). */
export function useAuditOutbox(id: string) {
  return useOutboxFor(auditSubject(id)).filter((item) => item.state !== 'sent');
}
