import { ManagerDashboard } from '@brigade/core/schemas/dashboards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function managerDashboardQueryKey(restaurantId: string) {
  return [...dashboardsQueryKey, 'manager', restaurantId] as const;
}

/** The manager dashboard of one of the manager's restaurants (the selected one). */
export async function fetchManagerDashboard(restaurantId: string, signal?: AbortSignal): Promise<ManagerDashboard> {
  const query = new URLSearchParams({ restaurantId });
  return ManagerDashboard.parse(await apiRequest(`/api/dashboards/manager?${query}`, { signal }));
}

export function managerDashboardQuery(restaurantId: string) {
  return queryOptions({
    queryKey: managerDashboardQueryKey(restaurantId),
    queryFn: ({ signal }) => fetchManagerDashboard(restaurantId, signal),
    staleTime: 0,
  });
}

export function useManagerDashboard(restaurantId: string) {
  return useQuery(managerDashboardQuery(restaurantId));
}
