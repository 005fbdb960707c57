import { StaffDashboard } from '@brigade/core/schemas/dashboards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

export const staffDashboardQueryKey = [...dashboardsQueryKey, 'staff'] as const;

/** The signed-in person's training counts, failed quiz attempts and recent announcements. */
export async function fetchStaffDashboard(signal?: AbortSignal): Promise<StaffDashboard> {
  return StaffDashboard.parse(await apiRequest('/api/dashboards/staff', { signal }));
}

export const staffDashboardQuery = queryOptions({
  queryKey: staffDashboardQueryKey,
  queryFn: ({ signal }) => fetchStaffDashboard(signal),
  staleTime: DASHBOARD_STALE_MS,
});

export function useStaffDashboard() {
  return useQuery(staffDashboardQuery);
}
