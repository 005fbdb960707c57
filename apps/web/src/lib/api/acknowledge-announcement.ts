import { Acknowledgement } from '@brigade/core/schemas/announcements';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../mutation-callbacks';
import { onSent } from '../offline/outbox';
import { useOutboxFor } from '../offline/use-outbox';
import { queryClient } from '../query-client';
import { acknowledgementsQueryKey } from './query-keys';
import { sendThroughOutbox } from './send-through-outbox';

/** The outbox subject of an announcement's acknowledgement. */
export function announcementSubject(id: string) {
  return `announcement:${id}`;
}

function refreshAnnouncements() {
  void queryClient.invalidateQueries({ queryKey: ['announcements'] });
  return queryClient.invalidateQueries({ queryKey: acknowledgementsQueryKey });
}

// An acknowledgement the outbox sends later (back online, after a reload) refreshes the
// pinned cards and the counts too.
onSent((item) => {
  if (item.kind === 'acknowledge') void refreshAnnouncements();
});

/**
 * "I have read this" (issue 20): the dashboards' pinned cards and an announcement's page
 * both acknowledge, so it lives here rather than in one feature. Idempotent on the server.
 * It goes through the outbox (issue 34): answers the acknowledgement once sent, or null
 * while it waits on this device (offline); the time stored is when the person pressed it.
 */
export async function acknowledgeAnnouncement(id: string, label: string): Promise<Acknowledgement | null> {
  const result = await sendThroughOutbox({
    kind: 'acknowledge',
    subject: announcementSubject(id),
    label,
    method: 'POST',
    url: `/api/announcements/${encodeURIComponent(id)}/acknowledge`,
  });
  return result.sent ? Acknowledgement.parse(result.reply) : null;
}

/** Acknowledges `id`; `title` names it in the list of changes waiting to be sent. */
export function useAcknowledgeAnnouncement(callbacks: MutationCallbacks<Acknowledgement | null, string> = {}) {
  const { t } = useLingui();
  const client = useQueryClient();
  return useMutation({
    // Offline too: the outbox keeps the change until the connection is back.
    networkMode: 'always',
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      acknowledgeAnnouncement(id, t`Acknowledgement · ${title}`),
    onSuccess: (acknowledgement, { id }) => {
      callbacks.onSuccess?.(acknowledgement, id);
      if (!acknowledgement) return;
      void client.invalidateQueries({ queryKey: ['announcements'] });
      return client.invalidateQueries({ queryKey: acknowledgementsQueryKey });
    },
    onError: (error, { id }) => callbacks.onError?.(error, id),
  });
}

/** The person's acknowledgement of `id` still in the outbox (waiting, failed), if any. */
export function useWaitingAcknowledgement(id: string) {
  return useOutboxFor(announcementSubject(id)).find((item) => item.kind === 'acknowledge' && item.state !== 'sent');
}
