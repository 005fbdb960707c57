import type { Query, QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './get-me';

let endedUnexpectedly = false;

/**
 * Whether Sign In is showing because the session ended on its own (expired, ended
 * elsewhere, account deactivated) rather than because the person signed out; Sign In
 * then says so. Cleared by the next sign-in or sign-out.
 */
export function sessionEndedUnexpectedly(): boolean {
  return endedUnexpectedly;
}

export function clearSessionEndedNotice() {
  endedUnexpectedly = false;
}

/**
 * Forgets everything the signed-out person loaded and marks nobody signed in. The
 * `me` query is set first so the gate swaps to Sign In before the other queries go;
 * no screen or toast is left showing the previous person's data.
 */
export function endSession(queryClient: QueryClient, reason: 'signed-out' | 'expired') {
  endedUnexpectedly = reason === 'expired';
  queryClient.setQueryData(meQueryKey, null);
  void queryClient.cancelQueries({ predicate: isPersonalQuery });
  queryClient.removeQueries({ predicate: isPersonalQuery });
  clearToasts();
}

/**
 * The previous person's toasts go too. Toasts show once someone has signed in, so their
 * code is here by then (in the signed-in app's chunk); imported when needed, it stays out
 * of what Sign In downloads before it draws.
 */
function clearToasts() {
  void import('@mantine/notifications').then(({ notifications }) => notifications.clean());
}

/**
 * A query with the signed-in person's data. Queries about the app rather than the person
 * (such as the first-run check) stay when a session ends, so Sign In does not flash a
 * spinner and lose what is being typed into it.
 */
export function isPersonalQuery(query: Query): boolean {
  return query.queryKey[0] !== meQueryKey[0] && !query.meta?.survivesSignOut;
}
