import { useEffect } from 'react';
import { notifySessionEnded } from '../api-client';
import { currentLanguage } from '../i18n';
import { setOutboxUserId } from './outbox-user';

/** While online, the outbox is sent this often (besides on load, `online` and each new change). */
export const OUTBOX_RETRY_MS = 30_000;

/**
 * Sends the signed-in person's outbox from this page: now (page load, sign-in), on
 * `online`, every 30 s while online, and after each new change (outbox.ts). A 401 pauses it
 * and asks to sign in (the app's session-ended path); once someone signs in, only their
 * own items are sent. Used once, by the signed-in app.
 *
 * The outbox's code (with Dexie, 30 kB) is imported here rather than statically, so the
 * first screen draws without waiting for it (decision 053); offline it comes from the
 * service worker's precache. It starts once `drawn` (the layout with its first page).
 */
export function useOutboxRunner(userId: string, drawn: boolean) {
  // Whose items screens show and send, from the start (outbox-user.ts).
  useEffect(() => {
    setOutboxUserId(userId);
    return () => setOutboxUserId(null);
  }, [userId]);
  useEffect(() => {
    if (!drawn) return;
    let stop: (() => void) | null = null;
    let ended = false;
    void import('./outbox').then((outbox) => {
      if (!ended) stop = runOutbox(outbox, userId);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [userId, drawn]);
}

function runOutbox(outbox: typeof import('./outbox'), userId: string): () => void {
  outbox.setOutboxLanguage(currentLanguage);
  outbox.setOutboxUser(userId);
  const stopWatching = outbox.watchSentItems();
  const stopUnauthorized = outbox.onUnauthorized((who) => {
    if (who === userId) notifySessionEnded();
  });
  const send = () => void outbox.syncNow();
  window.addEventListener('online', send);
  const timer = window.setInterval(() => {
    if (navigator.onLine) send();
  }, OUTBOX_RETRY_MS);
  send();
  return () => {
    window.removeEventListener('online', send);
    window.clearInterval(timer);
    stopUnauthorized();
    stopWatching();
    outbox.setOutboxUser(null);
  };
}
