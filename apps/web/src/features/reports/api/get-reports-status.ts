import { ReportsStatus } from '@brigade/core/schemas/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const reportsStatusQueryKey = ['reports', 'status'] as const;

/** Whether the server can embed reports at all, and if not, what to say instead (worded by the server for the caller). */
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
