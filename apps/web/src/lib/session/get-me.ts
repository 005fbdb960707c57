import type { Me, SessionState } from '@brigade/core/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notifySessionEnded } from '../api-client';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in person, or `null` when nobody is signed in. `/api/session` answers a
 * signed-out browser with 200 and `user: null` (issue 31): /api/me's 401 was logged by the
 * browser as a failed request on every visit to Sign In.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  // Not parsed again here: the server checks its replies against the same schema, and
  // the gate must not wait for zod before it can show Sign In.
  return (await apiRequest<SessionState>('/api/session', { signal })).user;
}

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal, client }) => {
    const me = await fetchMe(signal);
    // Someone was signed in and now nobody is: the session ended (expired, signed out in
    // another tab). Handled like any other 401, so the previous person's data goes too.
    if (me === null && client.getQueryData(meQueryKey)) notifySessionEnded();
    return me;
  },
  // Refetched when the window regains focus, so a session ended elsewhere shows Sign In.
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}
