import { useEffect } from 'react';
import { notifySessionEnded } from '../api-client';
import { currentLanguage } from '../i18n';
import { onUnauthorized, setOutboxLanguage, setOutboxUser, syncNow, watchSentItems } from './outbox';

/** While online, the outbox is sent this often (besides on load, `online` and each new change). */
export const OUTBOX_RETRY_MS = 30_000;

/**
 * Sends the signed-in person's outbox from this page: now (page load, sign-in), on
 * `online`, every 30 s while online, and after each new change (outbox.ts). A 401 pauses it
 * and asks to sign in (the app's session-ended path); once someone signs in, only their
 * own items are sent. Used once, by the signed-in app.
 */
export function useOutboxRunner(userId: string) {
  useEffect(() => {
    setOutboxLanguage(currentLanguage);
    setOutboxUser(userId);
    const stopWatching = watchSentItems();
    const stopUnauthorized = onUnauthorized((who) => {
      if (who === userId) notifySessionEnded();
    });
    const send = () => void syncNow();
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
      setOutboxUser(null);
    };
  }, [userId]);
}
