import { type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR_STATUS } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== NETWORK_ERROR_STATUS && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * How long an answer no screen shows any more is kept (TanStack's gcTime): as long as the
 * device keeps it for reading offline (lib/query-persister.ts), which saves only what is
 * in memory. A page loaded this morning still opens in the walk-in fridge this afternoon.
 */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

/** The server's word that a record is gone (404) or no longer the caller's to read (403). */
const GONE_STATUSES: readonly number[] = [403, 404];

/**
 * A kept answer (in memory, or put back from this device after a reload) whose record the
 * server now says is gone loses its data, so the screen says "not found" instead of
 * showing the deleted record as if current. Without this a failed refetch keeps the old
 * data (TanStack keeps it on error), and an audit deleted a moment before a reload (the
 * device saves a second after a change) came back from the device with its Delete button.
 */
export function forgetGoneRecord(error: unknown, query: Query<unknown, unknown, unknown>): void {
  if (!isApiError(error) || !GONE_STATUSES.includes(error.status) || query.state.data === undefined) return;
  query.setState({ data: undefined, dataUpdatedAt: 0 });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetGoneRecord }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, gcTime: KEPT_FOR_MS },
    // Run offline too (TanStack pauses them by default once the browser says it is
    // offline): a change through the outbox is then kept on the device at once, and any
    // other change says it could not reach Brigade instead of spinning until back online.
    mutations: { retry: false, networkMode: 'always' },
  },
});
