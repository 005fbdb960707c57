import { enqueue, type OutboxInput, type OutboxItem, onSent, outboxDb, syncNow } from '../offline/outbox';

/** Sent in this pass (with the server's reply), or waiting in the outbox for a later pass. */
export type OutboxSendResult = { sent: true; reply: unknown } | { sent: false; item: OutboxItem };

/**
 * A change the restaurant screens make offline as well as online (issue 34): it goes into
 * the outbox first, so it has its Idempotency-Key and survives a closed tab, and online it
 * is sent at once. Answers the server's reply when this pass sent it; otherwise the item
 * waits (offline, the connection dropped, another pass was already sending) or stopped
 * with its reason (failed, conflict), and the screen shows it from the outbox.
 * Throws OutboxFullError when a photo would go over the device's cap.
 */
export async function sendThroughOutbox(input: OutboxInput): Promise<OutboxSendResult> {
  let sent: OutboxItem | null = null;
  let id: string | null = null;
  // Listening before it is stored: enqueue starts a pass online, which may send it at once.
  const stop = onSent((each) => {
    if (each.id === id) sent = each;
  });
  try {
    const item = await enqueue(input);
    id = item.id;
    if (typeof navigator !== 'undefined' && !navigator.onLine) return { sent: false, item };
    await syncNow();
    // Sent items stay a few seconds with their reply, in case it went before `id` was known.
    const done = (sent as OutboxItem | null) ?? (await outboxDb.items.get(item.id));
    return done?.state === 'sent' ? { sent: true, reply: done.reply } : { sent: false, item: done ?? item };
  } finally {
    stop();
  }
}
