import { DemoEmailStatus } from '@brigade/core/schemas/demo-emails';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whether this server catches its emails for the demo (`npm run demo` without SMTP_URL): hq's navigation asks. */
export async function fetchDemoEmailStatus(signal?: AbortSignal): Promise<DemoEmailStatus> {
  return DemoEmailStatus.parse(await apiRequest('/api/demo-emails/status', { signal }));
}

export const demoEmailStatusQuery = queryOptions({
  queryKey: ['demo-emails', 'status'] as const,
  queryFn: ({ signal }) => fetchDemoEmailStatus(signal),
  // Fixed for the life of the server process.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDemoEmailStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...demoEmailStatusQuery, enabled });
}
