import type { Me } from '@brigade/core/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, notifySessionEnded } from '../api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in person, or `null` when nobody is signed in (the API answers 401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    // Not parsed again here: the server checks its replies against the same Me schema,
    // and the gate must not wait for zod before it can show Sign In.
    return await apiRequest<Me>('/api/me', { signal, isSessionCheck: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
