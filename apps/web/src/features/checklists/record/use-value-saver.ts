import type { ChecklistValue } from '@brigade/core/checklist-items';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, isApiError } from '../../../lib/api-client';
import { saveChecklistValue } from './api/save-checklist-value';

/** How long typing may pause before a number or text is saved. */
export const TYPING_PAUSE_MS = 600;

export type SaveState =
  | { state: 'waiting' | 'saving' | 'saved' }
  /** `message` is the server's (already in the reader's language) or a core message. */
  | { state: 'failed'; message: string; field: boolean };

interface Body {
  value: ChecklistValue;
  note: string | null;
}

interface SaverCallbacks {
  /** Each answer is the record as it now is. */
  onSaved: (run: ChecklistRun) => void;
  /** 404/409: the record was submitted by someone else meanwhile, or closed for good. */
  onClosed: (error: ApiError) => void;
}

/**
 * Saves each item's value as it is entered (issue 33): one PUT per item, the latest
 * value only, never two of one item at once; numbers and text after a pause in typing.
 * A failed save keeps its value and can be retried; leaving the page sends what waits.
 */
export function useValueSaver(runId: string, callbacks: SaverCallbacks) {
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const waiting = useRef(new Map<string, Body>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const sending = useRef(new Set<string>());
  const lastFailed = useRef(new Map<string, Body>());
  const handlers = useRef(callbacks);
  handlers.current = callbacks;
  const mounted = useRef(true);

  const setState = useCallback((itemId: string, state: SaveState) => {
    if (mounted.current) setStates((current) => ({ ...current, [itemId]: state }));
  }, []);

  const send = useCallback(
    (itemId: string) => {
      const timer = timers.current.get(itemId);
      if (timer) clearTimeout(timer);
      timers.current.delete(itemId);
      const body = waiting.current.get(itemId);
      if (!body || sending.current.has(itemId)) return;
      waiting.current.delete(itemId);
      sending.current.add(itemId);
      setState(itemId, { state: 'saving' });
      saveChecklistValue({ runId, itemId, ...body })
        .then((run) => {
          sending.current.delete(itemId);
          lastFailed.current.delete(itemId);
          handlers.current.onSaved(run);
          if (waiting.current.has(itemId)) send(itemId);
          else setState(itemId, { state: 'saved' });
        })
        .catch((error: unknown) => {
          sending.current.delete(itemId);
          if (isApiError(error) && (error.status === 409 || error.status === 404)) {
            waiting.current.clear();
            handlers.current.onClosed(error);
            return;
          }
          if (waiting.current.has(itemId)) return send(itemId);
          lastFailed.current.set(itemId, body);
          const field = isApiError(error) ? (error.fields.value ?? error.fields.note) : undefined;
          const message = field ?? (error instanceof Error ? error.message : String(error));
          setState(itemId, { state: 'failed', message, field: field !== undefined });
        });
    },
    [runId, setState],
  );

  const save = useCallback(
    (itemId: string, body: Body, { atOnce }: { atOnce: boolean }) => {
      waiting.current.set(itemId, body);
      lastFailed.current.delete(itemId);
      setState(itemId, { state: 'waiting' });
      const timer = timers.current.get(itemId);
      if (timer) clearTimeout(timer);
      if (atOnce) send(itemId);
      else
        timers.current.set(
          itemId,
          setTimeout(() => send(itemId), TYPING_PAUSE_MS),
        );
    },
    [send, setState],
  );

  /** Sends an item's waiting value now (leaving its field). */
  const flush = useCallback((itemId: string) => send(itemId), [send]);

  const retry = useCallback(
    (itemId: string) => {
      const body = lastFailed.current.get(itemId);
      if (!body) return;
      waiting.current.set(itemId, body);
      send(itemId);
    },
    [send],
  );

  // Leaving the page sends whatever still waits for a pause in typing.
  useEffect(() => {
    mounted.current = true;
    const pending = waiting.current;
    return () => {
      mounted.current = false;
      for (const itemId of [...pending.keys()]) send(itemId);
    };
  }, [send]);

  const busy = Object.values(states).some((state) => state.state === 'waiting' || state.state === 'saving');
  const failed = Object.values(states).some((state) => state.state === 'failed');
  return { states, save, flush, retry, busy, failed };
}
