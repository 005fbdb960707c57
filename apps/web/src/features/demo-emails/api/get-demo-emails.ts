import { type DemoEmail, DemoEmailList } from '@brigade/core/schemas/demo-emails';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How often the open page asks for newly caught emails. */
const DEMO_EMAILS_POLL_MS = 3000;

/** The emails the demo caught instead of sending, newest first (at most the last 100). */
export async function fetchDemoEmails(signal?: AbortSignal): Promise<DemoEmail[]> {
  return DemoEmailList.parse(await apiRequest('/api/demo-emails', { signal })).emails;
}

export const demoEmailsQuery = queryOptions({
  queryKey: ['demo-emails', 'list'] as const,
  queryFn: ({ signal }) => fetchDemoEmails(signal),
  // A reset link asked for in another tab shows up without a reload.
  refetchInterval: DEMO_EMAILS_POLL_MS,
  refetchIntervalInBackground: false,
});

export function useDemoEmails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...demoEmailsQuery, enabled });
}
