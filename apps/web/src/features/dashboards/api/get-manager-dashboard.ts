import { ManagerDashboard } from '@brigade/core/schemas/dashboards';
import type { Me } from '@brigade/core/schemas/session';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { initiallySelectedRestaurant } from '../../../lib/selected-restaurant';
import { meQueryKey } from '../../../lib/session/get-me';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

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
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useManagerDashboard(restaurantId: string) {
  return useQuery(managerDashboardQuery(restaurantId));
}

/** Before the page mounts: the dashboard of the restaurant it will select for the signed-in manager. */
export async function prefetchManagerDashboard(queryClient: QueryClient): Promise<void> {
  const me = queryClient.getQueryData<Me | null>(meQueryKey);
  const restaurant = me ? initiallySelectedRestaurant(me) : null;
  if (restaurant) await queryClient.prefetchQuery(managerDashboardQuery(restaurant.id));
}
