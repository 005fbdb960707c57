import {
  IDEMPOTENCY_KEY_HEADER,
  OUTBOX_PHOTO_CAP_BYTES,
  offlineMessages,
  RECORDED_AT_HEADER,
  SENT_AT_HEADER,
} from '@brigade/core/offline';
import Dexie, { type EntityTable, liveQuery } from 'dexie';
import { outboxUserId, setOutboxUserId } from './outbox-user';

/**
 * The outbox of changes made on this device (issue 34, decision 033): every change of the
 * offline routes is stored here (IndexedDB, through Dexie) before it is sent, online or not,
 * and sent in order with its id as the Idempotency-Key, so sending twice stores once.
 *
 * No React and no Lingui here: the service worker imports this module to send from
 * Background Sync. Messages for people are chosen by the React layer (use-outbox.ts); the
 * server's own messages (already in the person's language) are kept on failed items.
 */

export type OutboxKind =
  | 'checklistValue'
  | 'checklistPhoto'
  | 'checklistSubmit'
  | 'auditDraft'
  | 'auditPhoto'
  | 'auditSubmit'
  | 'actionResolve'
  | 'actionPhoto'
  | 'acknowledge';

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'conflict' | 'sent';

export interface OutboxError {
  status: number;
  /** The server's message, in the person's language; empty when the answer had none. */
  message: string;
  fields?: Record<string, string>;
}

export interface OutboxItem {
  /** crypto.randomUUID(): the Idempotency-Key. */
  id: string;
  /** Who made it: sent only while that person is signed in. */
  userId: string;
  kind: OutboxKind;
  /**
   * The record it belongs to (`checklist-run:<id>`, `audit:<id>`, `action:<id>`,
   * `announcement:<id>`); the items of one subject are sent strictly in order.
   */
  subject: string;
  /** What the waiting list shows ("Fridge log · Walk-in fridge"). */
  label: string;
  method: 'PUT' | 'POST';
  url: string;
  /** The JSON body. */
  body?: unknown;
  /** Sent as the multipart field "file". */
  photo?: { blob: Blob; name: string; bytes: number };
  /**
   * A newer item with the same replaceKey (and person) replaces this one while it waits or
   * failed (e.g. `checklist-run:<id>:item:<itemId>`), taking its place in the order.
   */
  replaceKey?: string;
  /** The device's ISO time the change was made. */
  recordedAt: string;
  state: OutboxState;
  attempts: number;
  error?: OutboxError;
  /** The server's JSON answer: once sent (kept briefly for the page), or the 409's body. */
  reply?: unknown;
  /** The order items are sent in: creation order (a replacing item keeps the replaced one's). */
  seq: number;
  /** The device's ISO time the server accepted it; sent items are removed shortly after. */
  sentAt?: string;
}

export type OutboxInput = Omit<OutboxItem, 'id' | 'state' | 'attempts' | 'recordedAt' | 'userId' | 'seq' | 'sentAt'> & {
  userId?: string;
};

/** The Background Sync tag the pages register and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'brigade-outbox';
/** The Web Lock that pages and the service worker take to send: one sender at a time. */
export const OUTBOX_LOCK_NAME = 'brigade-outbox';
/** How long a sent item stays, with its reply, for the pages that show it. */
export const SENT_KEEP_MS = 5_000;
/** A change the server keeps failing (5xx) this many times stops being retried on its own. */
export const SERVER_ERROR_ATTEMPTS = 5;
/** The English text of the cap; the React layer shows its translation (use-outbox.ts). */
export const OUTBOX_FULL_MESSAGE =
  'This device already holds 200 MB of photos waiting to be sent. Connect to the internet to send them before adding more.';

const JSON_TIMEOUT_MS = 60_000;
const PHOTO_TIMEOUT_MS = 180_000;

/** Adding this photo would pass the device's cap (OUTBOX_PHOTO_CAP_BYTES). */
export class OutboxFullError extends Error {
  constructor() {
    super(OUTBOX_FULL_MESSAGE);
    this.name = 'OutboxFullError';
  }
}

interface MetaRow {
  key: string;
  value: string;
}

/** The items' primary key and the fields queried by (Dexie's schema syntax). */
const ITEM_INDEXES = 'id, seq, subject, userId, state, replaceKey';

class OutboxDatabase extends Dexie {
  items!: EntityTable<OutboxItem, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor() {
    super('brigade-outbox');
    this.version(1).stores({ items: ITEM_INDEXES, meta: 'key' });
  }
}

export const outboxDb = new OutboxDatabase();

const LAST_SYNC_KEY = 'lastSyncAt';

// ---------------------------------------------------------------------------------------
// Who is signed in here (set by the page; the service worker asks the server instead).

let acceptLanguage: () => string | undefined = () => globalThis.navigator?.language;

/** The signed-in person whose items this page sends (null: nobody, or the session ended). */
export function setOutboxUser(userId: string | null) {
  setOutboxUserId(userId);
  cancelRetry();
}

export function outboxUser(): string | null {
  return outboxUserId();
}

/** The language the server answers failures in (the language on screen). */
export function setOutboxLanguage(language: () => string | undefined) {
  acceptLanguage = language;
}

// ---------------------------------------------------------------------------------------
// Listeners

type Listener<T> = (value: T) => void;

function listenerSet<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    add(listener: Listener<T>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(value: T) {
      for (const listener of listeners) {
        try {
          listener(value);
        } catch (error) {
          console.error('An outbox listener failed', error);
        }
      }
    },
  };
}

const sentListeners = listenerSet<OutboxItem>();
const unauthorizedListeners = listenerSet<string>();
/** Sent items whose listeners already ran in this context. */
const announced = new Set<string>();

/** Called after each item is sent OK with its reply, so features update their caches. */
export function onSent(listener: (item: OutboxItem) => void): () => void {
  return sentListeners.add(listener);
}

/** Called with the person's id when the server answered 401: the session ended; sending paused. */
export function onUnauthorized(listener: (userId: string) => void): () => void {
  return unauthorizedListeners.add(listener);
}

function announceSent(item: OutboxItem) {
  if (announced.has(item.id)) return;
  announced.add(item.id);
  sentListeners.emit(item);
}

/**
 * Runs the onSent listeners of this page for items another context (a tab, the service
 * worker) sent. Started by the page's runner; answers a stop function.
 */
export function watchSentItems(): () => void {
  const subscription = liveQuery(() => outboxDb.items.where('state').equals('sent').toArray()).subscribe({
    next: (items) => {
      for (const item of items) announceSent(item);
    },
    error: (error) => console.error('The outbox could not be watched', error),
  });
  return () => subscription.unsubscribe();
}

// ---------------------------------------------------------------------------------------
// Adding, retrying, discarding

/**
 * Stores a change to send. Throws OutboxFullError when its photo would pass the device's
 * cap, and an Error when nobody is signed in and no userId is given.
 */
export async function enqueue(input: OutboxInput): Promise<OutboxItem> {
  const userId = input.userId ?? outboxUserId();
  if (!userId) throw new Error('The outbox needs the signed-in person to store a change.');
  const item = await outboxDb.transaction('rw', outboxDb.items, async () => {
    const replaced = input.replaceKey
      ? await outboxDb.items
          .where('replaceKey')
          .equals(input.replaceKey)
          .filter((other) => other.userId === userId && (other.state === 'waiting' || other.state === 'failed'))
          .toArray()
      : [];
    const replacedIds = new Set(replaced.map((other) => other.id));
    if (input.photo) {
      const held = await outboxDb.items
        .filter((other) => other.state !== 'sent' && !replacedIds.has(other.id) && other.photo !== undefined)
        .toArray();
      const bytes = held.reduce((sum, other) => sum + (other.photo?.bytes ?? 0), 0);
      if (bytes + input.photo.bytes > OUTBOX_PHOTO_CAP_BYTES) throw new OutboxFullError();
    }
    const seq =
      replaced.length > 0
        ? Math.min(...replaced.map((other) => other.seq))
        : ((await outboxDb.items.orderBy('seq').last())?.seq ?? 0) + 1;
    const created: OutboxItem = {
      ...input,
      id: newKey(),
      userId,
      recordedAt: new Date().toISOString(),
      state: 'waiting',
      attempts: 0,
      seq,
    };
    await outboxDb.items.bulkDelete([...replacedIds]);
    await outboxDb.items.add(created);
    return created;
  });
  if (isOffline()) {
    askToKeepStorage();
    requestBackgroundSync();
  } else void syncNow();
  return item;
}

let storageAsked = false;

/**
 * Asks the browser not to clear this site's storage when the device runs short of space
 * (it may otherwise evict IndexedDB, outbox included), once a change waits offline: Chromium
 * grants it to an installed or often used app without asking; Firefox asks the person.
 */
function askToKeepStorage() {
  if (storageAsked) return;
  storageAsked = true;
  globalThis.navigator?.storage?.persist?.().catch(() => {});
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts (HTTPS, localhost). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Forgets a change without sending it. */
export async function discard(id: string): Promise<void> {
  await outboxDb.items.delete(id);
}

/** Sends a failed or conflicting change again (the person fixed the cause, or wants to try). */
export async function retry(id: string): Promise<void> {
  await outboxDb.items
    .where('id')
    .equals(id)
    .modify((item) => {
      if (item.state === 'sending' || item.state === 'sent') return;
      item.state = 'waiting';
      delete item.error;
    });
  await syncNow();
}

/** Deletes the changes of one person (signing out), or all of them. */
export async function clearOutbox(userId?: string): Promise<void> {
  if (userId === undefined) await outboxDb.items.clear();
  else await outboxDb.items.where('userId').equals(userId).delete();
}

/** The changes of this person still to send (waiting, sending, failed or conflicting). */
export async function countUnsent(userId: string): Promise<number> {
  return outboxDb.items
    .where('userId')
    .equals(userId)
    .filter((item) => item.state !== 'sent')
    .count();
}

export async function lastSyncAt(): Promise<string | null> {
  return (await outboxDb.meta.get(LAST_SYNC_KEY))?.value ?? null;
}

// ---------------------------------------------------------------------------------------
// Sending

/** How a pass ended: all it could send was sent, or it stopped (no connection, session ended). */
export type PassOutcome = 'done' | 'offline' | 'unauthorized';

function isOffline() {
  return globalThis.navigator?.onLine === false;
}

let running: Promise<void> | null = null;
let passAgain = false;

/**
 * Sends what waits for the signed-in person. Does nothing offline or when nobody is
 * signed in; while a pass runs here, the pass runs once more when it ends (new items).
 */
export function syncNow(): Promise<void> {
  if (!outboxUserId() || isOffline()) return Promise.resolve();
  if (running) {
    passAgain = true;
    return running;
  }
  running = (async () => {
    try {
      let outcome: PassOutcome;
      do {
        passAgain = false;
        const userId: string | null = outboxUserId();
        // A pass asked for while another ran may come after the connection went.
        if (!userId || isOffline()) return;
        outcome = await sendOutbox(userId);
        if (outcome === 'done') retryStep = 0;
        if (outcome === 'offline') {
          requestBackgroundSync();
          scheduleRetry();
        }
        if (outcome === 'unauthorized') {
          if (outboxUserId() === userId) setOutboxUserId(null);
          unauthorizedListeners.emit(userId);
        }
      } while (passAgain && outcome === 'done');
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * After a failed connection while the browser says it is online (a flaky signal, or the
 * `online` event arriving before the network is usable), sooner tries than the runner's
 * 30 s; once these are used up, the 30 s rhythm takes over.
 */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000];
let retryStep = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRetry() {
  const delay = RETRY_DELAYS_MS[retryStep];
  if (retryTimer !== undefined || delay === undefined || isOffline()) return;
  retryStep += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void syncNow();
  }, delay);
}

function cancelRetry() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryStep = 0;
}

/**
 * One pass over the outbox for one person, under the Web Lock that every page and the
 * service worker take, so no item is sent by two of them at once. The service worker
 * calls it with the person the server says is signed in.
 */
export async function sendOutbox(userId: string): Promise<PassOutcome> {
  return withOutboxLock(() => sendPass(userId));
}

function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(OUTBOX_LOCK_NAME, task) as Promise<T>;
  // No Web Locks (old browsers, tests): one pass at a time in this context.
  const next = localTurn.then(task, task);
  localTurn = next.then(
    () => undefined,
    () => undefined,
  );
  return next;
}

let localTurn: Promise<void> = Promise.resolve();

async function sendPass(userId: string): Promise<PassOutcome> {
  await tidyUp();
  const held = new Set<string>();
  let sentAny = false;
  const ids = (await outboxDb.items.orderBy('seq').toArray()).map((item) => item.id);
  try {
    for (const id of ids) {
      // Read again: it may have been discarded, replaced or retried meanwhile.
      const item = await outboxDb.items.get(id);
      if (!item || item.userId !== userId || item.state === 'sent') continue;
      if (item.state === 'failed' || item.state === 'conflict' || held.has(item.subject)) {
        held.add(item.subject);
        continue;
      }
      // The browser went offline during the pass: the rest waits for the next one.
      if (isOffline()) return 'offline';
      const outcome = await sendItem(item);
      if (outcome === 'sent') sentAny = true;
      else if (outcome === 'held') held.add(item.subject);
      else return outcome;
    }
    return 'done';
  } finally {
    if (sentAny) await outboxDb.meta.put({ key: LAST_SYNC_KEY, value: new Date().toISOString() });
  }
}

/**
 * Holding the lock, nothing is being sent by anyone else: an item left 'sending' was cut off
 * (a tab closed mid-request) and waits again; sent items past their keep time go.
 */
async function tidyUp() {
  await outboxDb.items.where('state').equals('sending').modify({ state: 'waiting' });
  const keptSince = new Date(Date.now() - SENT_KEEP_MS).toISOString();
  await outboxDb.items
    .where('state')
    .equals('sent')
    .filter((item) => (item.sentAt ?? '') < keptSince)
    .delete();
}

type ItemOutcome = 'sent' | 'held' | 'offline' | 'unauthorized';

async function sendItem(item: OutboxItem): Promise<ItemOutcome> {
  const attempts = item.attempts + 1;
  await outboxDb.items.update(item.id, { state: 'sending', attempts });
  let response: Response;
  try {
    response = await fetch(item.url, requestFor(item));
  } catch {
    await outboxDb.items.update(item.id, { state: 'waiting' });
    return 'offline';
  }
  const payload = await readJson(response);

  if (response.ok) {
    const sent: OutboxItem = { ...item, attempts, state: 'sent', reply: payload, sentAt: new Date().toISOString() };
    delete sent.error;
    // Its photo is no longer needed: the blob's space is freed at once.
    delete sent.photo;
    await outboxDb.items.put(sent);
    announceSent(sent);
    setTimeout(() => void outboxDb.items.delete(sent.id).catch(() => {}), SENT_KEEP_MS);
    return 'sent';
  }

  const error = errorOf(response.status, payload);
  if (response.status === 401) {
    await outboxDb.items.update(item.id, { state: 'waiting', attempts: item.attempts });
    return 'unauthorized';
  }
  // Busy: a concurrent copy still running, rate limited, or a proxy with no server behind it.
  if (
    response.status === 429 ||
    response.status === 502 ||
    response.status === 503 ||
    response.status === 504 ||
    error.message === offlineMessages.stillRunning
  ) {
    await outboxDb.items.update(item.id, { state: 'waiting' });
    return 'offline';
  }
  if (response.status >= 500) {
    // The server failed on it; it may on a retry too. After several tries the person sees it.
    const gaveUp = attempts >= SERVER_ERROR_ATTEMPTS;
    await outboxDb.items.update(item.id, gaveUp ? { state: 'failed', error } : { state: 'waiting', error });
    return 'held';
  }
  if (response.status === 409) {
    await outboxDb.items.update(item.id, { state: 'conflict', error, reply: payload });
    return 'held';
  }
  // 400, 403, 404, 413, 422: what was sent will not be accepted as it is.
  await outboxDb.items.update(item.id, { state: 'failed', error });
  return 'held';
}

function requestFor(item: OutboxItem): RequestInit {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [IDEMPOTENCY_KEY_HEADER]: item.id,
    [RECORDED_AT_HEADER]: item.recordedAt,
    [SENT_AT_HEADER]: new Date().toISOString(),
  };
  const language = acceptLanguage();
  if (language) headers['accept-language'] = language;
  let body: BodyInit | undefined;
  if (item.photo) {
    const form = new FormData();
    form.append('file', item.photo.blob, item.photo.name);
    body = form;
  } else if (item.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(item.body);
  }
  return {
    method: item.method,
    headers,
    body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(item.photo ? PHOTO_TIMEOUT_MS : JSON_TIMEOUT_MS),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorOf(status: number, payload: unknown): OutboxError {
  const reply = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const message = typeof reply.message === 'string' ? reply.message : '';
  const fields = isStringRecord(reply.fields) ? reply.fields : undefined;
  return fields ? { status, message, fields } : { status, message };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value as Record<string, unknown>).every((entry) => typeof entry === 'string')
  );
}

// ---------------------------------------------------------------------------------------
// Background Sync

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the connection is back (Background
 * Sync, Chromium), so the outbox goes even if every tab is closed. Elsewhere the next page
 * load or `online` event sends it.
 */
export function requestBackgroundSync() {
  const container = globalThis.navigator?.serviceWorker;
  if (!container) return;
  container
    .getRegistration()
    .then((registration) => (registration as SyncRegistration | undefined)?.sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {});
}
