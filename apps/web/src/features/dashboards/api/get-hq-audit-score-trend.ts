import { AuditScoreTrend } from '@brigade/core/schemas/dashboard-charts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardChartsQueryKey } from './chart-query-key';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

/** The chain's average audit score per week, with the lines of the chosen restaurants. */
export async function fetchHqAuditScoreTrend(restaurantIds: readonly string[], signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const id of restaurantIds) query.append('restaurantIds', id);
  return AuditScoreTrend.parse(await apiRequest(`/api/dashboards/hq/audit-scores?${query}`, { signal }));
}

export function hqAuditScoreTrendQuery(restaurantIds: readonly string[]) {
  return queryOptions({
    queryKey: [...dashboardChartsQueryKey, 'hq', 'audit-scores', [...restaurantIds]] as const,
    queryFn: ({ signal }) => fetchHqAuditScoreTrend(restaurantIds, signal),
    staleTime: DASHBOARD_STALE_MS,
    // Adding a restaurant's line keeps the chart drawn until the new lines arrive.
    placeholderData: keepPreviousData,
  });
}

export function useHqAuditScoreTrend(restaurantIds: readonly string[], options: { enabled?: boolean } = {}) {
  return useQuery({ ...hqAuditScoreTrendQuery(restaurantIds), enabled: options.enabled ?? true });
}
