import type { FirstRunStatus } from '@brigade/core/schemas/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const setupStatusQueryKey = ['setup'] as const;

/** Whether the database still has no user, so the first head office account is to be created. */
export async function fetchSetupStatus(signal?: AbortSignal): Promise<FirstRunStatus> {
  // The server checks its reply against FirstRunStatus; parsing here would put zod before Sign In.
  return apiRequest<FirstRunStatus>('/api/setup', { signal });
}

export const setupStatusQuery = queryOptions({
  queryKey: setupStatusQueryKey,
  queryFn: ({ signal }) => fetchSetupStatus(signal),
  staleTime: 0,
  meta: { survivesSignOut: true },
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}
