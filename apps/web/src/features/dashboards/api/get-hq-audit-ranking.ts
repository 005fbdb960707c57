import { AuditScoreRanking } from '@brigade/core/schemas/dashboard-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardChartsQueryKey } from './chart-query-key';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

/** The 5 lowest and 5 highest restaurants by their average audit score over the last 90 days. */
export async function fetchHqAuditRanking(signal?: AbortSignal) {
  return AuditScoreRanking.parse(await apiRequest('/api/dashboards/hq/audit-ranking', { signal }));
}

export const hqAuditRankingQuery = queryOptions({
  queryKey: [...dashboardChartsQueryKey, 'hq', 'audit-ranking'] as const,
  queryFn: ({ signal }) => fetchHqAuditRanking(signal),
  staleTime: DASHBOARD_STALE_MS,
});

export function useHqAuditRanking(options: { enabled?: boolean } = {}) {
  return useQuery({ ...hqAuditRankingQuery, enabled: options.enabled ?? true });
}
