import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../current-user';
import { lastSyncAt, OutboxFullError, type OutboxItem, outboxDb } from './outbox';

const NO_ITEMS: OutboxItem[] = [];

export interface OutboxSummary {
  /** The signed-in person's changes not sent yet (waiting, sending, failed, conflict), in order. */
  items: OutboxItem[];
  /** Changes another person made on this device: never sent as this person; they may be discarded. */
  refused: OutboxItem[];
  /** Waiting or being sent. */
  waiting: number;
  failed: number;
  conflicts: number;
  /** A change is on its way (from this tab, another one or the service worker). */
  syncing: boolean;
  /** The device's ISO time a change last reached the server. */
  lastSyncAt: string | null;
}

/** The outbox as the signed-in person sees it, kept current as items come and go (any tab, the worker). */
export function useOutbox(): OutboxSummary {
  const me = useCurrentUser();
  const all = useLiveQuery(() => outboxDb.items.orderBy('seq').toArray(), [], NO_ITEMS);
  const lastSync = useLiveQuery(() => lastSyncAt(), [], null);
  const items = all.filter((item) => item.userId === me.id && item.state !== 'sent');
  return {
    items,
    refused: all.filter((item) => item.userId !== me.id && item.state !== 'sent'),
    waiting: items.filter((item) => item.state === 'waiting' || item.state === 'sending').length,
    failed: items.filter((item) => item.state === 'failed').length,
    conflicts: items.filter((item) => item.state === 'conflict').length,
    syncing: items.some((item) => item.state === 'sending'),
    lastSyncAt: lastSync,
  };
}

/**
 * The signed-in person's changes to one record (`checklist-run:<id>`, ...), in order,
 * including those just sent (kept a few seconds with the server's reply).
 */
export function useOutboxFor(subject: string): OutboxItem[] {
  const me = useCurrentUser();
  return useLiveQuery(
    () =>
      outboxDb.items
        .where('subject')
        .equals(subject)
        .filter((item) => item.userId === me.id)
        .sortBy('seq'),
    [subject, me.id],
    NO_ITEMS,
  );
}

function subscribeToConnection(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser thinks it is connected (`navigator.onLine`, updated on online/offline). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/** The cap's message (outbox.ts OUTBOX_FULL_MESSAGE), in the language on screen. */
export const outboxFullMessage = msg`This device already holds 200 MB of photos waiting to be sent. Connect to the internet to send them before adding more.`;

/** What to tell the person when `enqueue` threw: the cap's message, or that the change was not kept. */
export function describeOutboxError(error: unknown): string {
  if (error instanceof OutboxFullError) return i18n._(outboxFullMessage);
  return i18n._(msg`This change could not be kept on this device. Try again.`);
}

/** Why a failed or conflicting item was refused: the server's message, or its status. */
export function describeItemError(item: OutboxItem): string {
  if (!item.error) return '';
  if (item.error.message) return item.error.message;
  const status = item.error.status;
  return i18n._(msg`The server refused this change (${status}).`);
}
