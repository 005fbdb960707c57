import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutboxItem } from '../../../lib/offline/outbox';
import { describeItemError, describeOutboxError, useOnline } from '../../../lib/offline/use-outbox';
import { itemIdOf, queueValue, sendSoon, type ValueBody } from './checklist-outbox';

/** How long typing may pause before a number or text is saved. */
export const TYPING_PAUSE_MS = 600;

export type SaveState =
  /** Typed, or in the outbox and being sent now. */
  | { state: 'saving' }
  /** In the outbox while the device is offline. */
  | { state: 'waiting' }
  /** In the outbox behind an earlier change of the record that was refused: sent once that is settled. */
  | { state: 'held' }
  | { state: 'saved' }
  /** `message` is the server's (already in the reader's language) or a core message. */
  /** `outboxId` is null when the device could not keep the value (it was never in the outbox). */
  | { state: 'failed'; message: string; field: boolean; outboxId: string | null }
  /** The record was submitted by someone else meanwhile, or closed: the page shows both versions. */
  | { state: 'conflict' };

interface SaverOptions {
  runId: string;
  userId: string;
  /** What the outbox's waiting list names an item by ("Fridge log · Walk-in fridge"). */
  labelOf: (itemId: string) => string;
  /** The record's items in the outbox (values among them), live. */
  outbox: OutboxItem[];
}

/** One item's latest value in the outbox, if any. */
function latestValue(outbox: OutboxItem[], itemId: string) {
  return outbox.filter((item) => item.kind === 'checklistValue' && itemIdOf(item) === itemId).at(-1);
}

/**
 * Saves each item's value as it is entered (issues 33 and 34): numbers and text after a
 * pause in typing, the others at once, each as an outbox item that replaces the item's
 * value still waiting. The outbox sends them in order, now or once back online; each
 * item's state (saving, waiting, saved, failed with the reason, conflict) is the outbox's.
 * Leaving the page queues what still waits for a pause in typing.
 */
export function useValueSaver({ runId, userId, labelOf, outbox }: SaverOptions) {
  const online = useOnline();
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  // The outbox item each item's latest value became here, and the items the server took.
  const [queued, setQueued] = useState<ReadonlyMap<string, string>>(new Map());
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  // Values the device could not keep (storage refused them): shown as not saved, kept here for Retry.
  const [unkept, setUnkept] = useState<ReadonlyMap<string, { body: ValueBody; message: string }>>(new Map());
  const typed = useRef(new Map<string, ValueBody>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // Every enqueue waits for the one before: the outbox keeps the order they were made in.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const options = useRef({ runId, userId, labelOf });
  options.current = { runId, userId, labelOf };
  const mounted = useRef(true);

  const queue = useCallback((itemId: string) => {
    const timer = timers.current.get(itemId);
    if (timer) clearTimeout(timer);
    timers.current.delete(itemId);
    const body = typed.current.get(itemId);
    if (!body) return chain.current;
    typed.current.delete(itemId);
    setUnkept((current) => withOutKey(current, itemId));
    const { runId: run, userId: user, labelOf: label } = options.current;
    chain.current = chain.current
      .then(() => queueValue(run, itemId, body, label(itemId), user))
      .then((item) => {
        if (mounted.current) {
          setQueued((current) => new Map(current).set(itemId, item.id));
          setTyping((current) => withOut(current, itemId));
        }
        sendSoon();
      })
      .catch((error: unknown) => {
        if (!mounted.current) return;
        setTyping((current) => withOut(current, itemId));
        setUnkept((current) => new Map(current).set(itemId, { body, message: describeOutboxError(error) }));
      });
    return chain.current;
  }, []);

  const save = useCallback(
    (itemId: string, body: ValueBody, { atOnce }: { atOnce: boolean }) => {
      typed.current.set(itemId, body);
      setTyping((current) => new Set(current).add(itemId));
      const timer = timers.current.get(itemId);
      if (timer) clearTimeout(timer);
      if (atOnce) void queue(itemId);
      else
        timers.current.set(
          itemId,
          setTimeout(() => void queue(itemId), TYPING_PAUSE_MS),
        );
    },
    [queue],
  );

  /** Tries again to keep a value the device refused. */
  const keepAgain = useCallback(
    (itemId: string) => {
      const lost = unkept.get(itemId);
      if (!lost) return;
      typed.current.set(itemId, lost.body);
      void queue(itemId);
    },
    [queue, unkept],
  );

  /** Queues an item's typed value now (leaving its field). */
  const flush = useCallback((itemId: string) => void queue(itemId), [queue]);

  /** Queues every typed value; resolves once they are all in the outbox (before a submit). */
  const flushAll = useCallback(async () => {
    for (const itemId of [...typed.current.keys()]) void queue(itemId);
    await chain.current;
  }, [queue]);

  /** The outbox removes a sent item: remember which items reached the server. */
  const markSent = useCallback((item: OutboxItem) => {
    if (item.kind === 'checklistValue' && mounted.current) setSent((current) => new Set(current).add(item.id));
  }, []);

  useEffect(() => {
    mounted.current = true;
    const pending = typed.current;
    return () => {
      mounted.current = false;
      for (const itemId of [...pending.keys()]) void queue(itemId);
    };
  }, [queue]);

  const stateOf = (itemId: string): SaveState | undefined => {
    if (typing.has(itemId)) return { state: 'saving' };
    const lost = unkept.get(itemId);
    if (lost) return { state: 'failed', message: lost.message, field: false, outboxId: null };
    const mine = queued.get(itemId);
    if (mine && sent.has(mine)) return { state: 'saved' };
    const item = latestValue(outbox, itemId);
    if (mine && !item) return { state: 'saving' };
    if (item) {
      if (item.state === 'failed') {
        const field = item.error?.fields?.value ?? item.error?.fields?.note;
        const message = field ?? describeItemError(item);
        return { state: 'failed', message, field: field !== undefined, outboxId: item.id };
      }
      if (item.state === 'conflict') return { state: 'conflict' };
      if (item.state === 'sent') return { state: 'saved' };
      const refusedBefore = outbox.some(
        (other) => other.seq < item.seq && (other.state === 'failed' || other.state === 'conflict'),
      );
      if (refusedBefore) return { state: 'held' };
      return online ? { state: 'saving' } : { state: 'waiting' };
    }
    return undefined;
  };

  const typingAny = typing.size > 0;
  return { stateOf, save, flush, flushAll, keepAgain, markSent, typing: typingAny };
}

function withOutKey<T>(map: ReadonlyMap<string, T>, key: string): ReadonlyMap<string, T> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}

function withOut(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  if (!set.has(key)) return set;
  const next = new Set(set);
  next.delete(key);
  return next;
}
