import { HqDashboard } from '@brigade/core/schemas/dashboards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

export const hqDashboardQueryKey = [...dashboardsQueryKey, 'hq'] as const;

/** The Headquarters Dashboard in one request: four counts, announcements, recent audits. */
export async function fetchHqDashboard(signal?: AbortSignal): Promise<HqDashboard> {
  return HqDashboard.parse(await apiRequest('/api/dashboards/hq', { signal }));
}

export const hqDashboardQuery = queryOptions({
  queryKey: hqDashboardQueryKey,
  queryFn: ({ signal }) => fetchHqDashboard(signal),
  staleTime: DASHBOARD_STALE_MS,
});

export function useHqDashboard() {
  return useQuery(hqDashboardQuery);
}
