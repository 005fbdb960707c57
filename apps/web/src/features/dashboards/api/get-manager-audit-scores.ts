import { RecentAuditScores } from '@brigade/core/schemas/dashboard-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardChartsQueryKey } from './chart-query-key';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

/** The selected restaurant's last 10 completed audits' scores, oldest first. */
export async function fetchManagerAuditScores(restaurantId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ restaurantId });
  return RecentAuditScores.parse(await apiRequest(`/api/dashboards/manager/audit-scores?${query}`, { signal }));
}

export function managerAuditScoresQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...dashboardChartsQueryKey, 'manager', restaurantId, 'audit-scores'] as const,
    queryFn: ({ signal }) => fetchManagerAuditScores(restaurantId, signal),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useManagerAuditScores(restaurantId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...managerAuditScoresQuery(restaurantId), enabled: options.enabled ?? true });
}
