// The service worker's Background Sync of the offline outbox (issue 34): when the browser
// sees the connection come back, it wakes the worker with the `brigade-outbox` tag, even if
// no tab is open, and the worker sends the outbox with the pages' own sender, under the same
// Web Lock. Browsers without Background Sync send on the next page load or `online` event.
import { OUTBOX_SYNC_TAG, outboxDb, sendOutbox } from '../lib/offline/outbox';

interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/** Who the server says is signed in; only their items may go (another person's never do). */
async function signedInUserId(): Promise<string | null> {
  const response = await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The session check answered ${response.status}`);
  const state = (await response.json()) as { user: { id: string } | null };
  return state.user?.id ?? null;
}

/**
 * Sends what waits. Rejects when the connection failed again, so the browser tries later
 * (with its own back-off); resolves when done, or when nobody is signed in (the page asks
 * the person to sign in, and sends once they have).
 */
export async function sendOutboxFromWorker(): Promise<void> {
  if ((await outboxDb.items.where('state').anyOf('waiting', 'sending').count()) === 0) return;
  const userId = await signedInUserId();
  if (!userId) return;
  const outcome = await sendOutbox(userId);
  if (outcome === 'offline') throw new Error('The outbox could not reach Brigade; the browser will try again.');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutboxFromWorker());
});
