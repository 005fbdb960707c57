import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const ReportsStatus = z.object({ configured: z.boolean(), missing: z.array(z.string()) });
export type ReportsStatus = z.infer<typeof ReportsStatus>;

export const reportsStatusQueryKey = ['reports', 'status'] as const;

/** Whether the server can embed reports at all, and which of its settings are missing. */
export async function fetchReportsStatus(signal?: AbortSignal): Promise<ReportsStatus> {
  return ReportsStatus.parse(await apiRequest('/api/reports/status', { signal }));
}

export const reportsStatusQuery = queryOptions({
  queryKey: reportsStatusQueryKey,
  queryFn: ({ signal }) => fetchReportsStatus(signal),
  // Configuration changes only with a server restart.
  staleTime: 5 * 60_000,
});

export function useReportsStatus() {
  return useQuery(reportsStatusQuery);
}
