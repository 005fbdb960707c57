import type { Me } from '@brigade/core/schemas/session';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { KEPT_FOR_MS } from './query-client';
import { isPersonalQuery } from './session/end-session';
import { meQueryKey } from './session/get-me';

/**
 * What a person has seen stays on the device for reading offline (issue 34, decision 033):
 * TanStack Query's cache is saved to IndexedDB (a second after it changes) and put back when
 * the app starts, so Today, a checklist record, audits, actions, announcements and My
 * Trainings open without a network once loaded, and the signed-in app itself opens (the
 * `me` answer is kept too). Online, the kept answers show at once and are asked again as
 * usual (stale-while-revalidate); an answer the server gave meanwhile is never replaced by
 * an older kept one.
 *
 * Nobody else's: when nobody is signed in any more (signed out, session ended) the saved
 * copy is deleted at once (the session code has already dropped the queries), and when
 * another person turns up signed in, the previous person's answers go from memory too.
 *
 * Loaded beside Sign In's code, not in it (main.tsx imports this module lazily).
 */

/** Whose answers are kept: its own IndexedDB database, apart from the outbox's. */
const store = createStore('brigade-queries', 'cache');
const STORAGE_KEY = 'queries';
/**
 * Raised when the kept answers' shape changes incompatibly: a kept cache with another
 * buster is dropped rather than shown to code that expects another shape.
 */
const CACHE_VERSION = 'brigade-1';

/**
 * Not kept: the language catalogues (a query that loads code, which must run again at each
 * start), hq's Power BI reports (embed tokens, useless without Power BI's servers) and the
 * demo's caught emails (everyone's reset links, useless offline: issue 35).
 */
const NOT_KEPT = new Set(['catalogues', 'reports', 'demo-emails']);

function isKept(query: Query): boolean {
  return query.state.status === 'success' && !NOT_KEPT.has(String(query.queryKey[0]));
}

export const queryPersister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, store).then((value) => value ?? null),
    setItem: (key, value: string) => set(key, value, store),
    removeItem: (key) => del(key, store),
  },
  key: STORAGE_KEY,
  throttleTime: 1000,
});

/**
 * Puts the kept answers back into `queryClient`, then keeps saving it, and forgets the
 * saved copy when the person changes. Returns what stops saving (tests).
 */
export function persistQueries(queryClient: QueryClient): { restored: Promise<void>; stop: () => void } {
  const [stopPersisting, restored] = persistQueryClient({
    queryClient,
    persister: queryPersister,
    buster: CACHE_VERSION,
    maxAge: KEPT_FOR_MS,
    dehydrateOptions: { shouldDehydrateQuery: isKept },
  });
  const stopWatching = forgetOnPersonChange(queryClient);
  // A kept answer is put back with the time it was fetched, so one kept seconds ago would
  // count as fresh (staleTime) and never be asked again after a reload: the counts a
  // person just changed would stay old. Everything put back is stale, as a reload means.
  const startedAt = Date.now();
  const restoredStale = restored.then(() =>
    queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < startedAt }),
  );
  return {
    restored: restoredStale,
    stop: () => {
      stopPersisting();
      stopWatching();
    },
  };
}

/** Deletes the saved copy when nobody is signed in, and the previous person's answers when someone else is. */
function forgetOnPersonChange(queryClient: QueryClient): () => void {
  let personId = (queryClient.getQueryData(meQueryKey) as Me | null | undefined)?.id;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== meQueryKey[0]) return;
    if (event.query.state.status !== 'success') return;
    const me = event.query.state.data as Me | null;
    if (me?.id === personId) return;
    const previous = personId;
    personId = me?.id;
    if (me === null) {
      void queryPersister.removeClient();
    } else if (previous !== undefined) {
      // Someone else answered the session check (signed in as another person elsewhere):
      // nothing of the previous person's stays, in memory or on disk.
      queryClient.removeQueries({ predicate: isPersonalQuery });
      void queryPersister.removeClient();
    }
  });
}
