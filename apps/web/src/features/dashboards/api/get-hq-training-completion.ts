import { TrainingCompletionByRestaurant } from '@brigade/core/schemas/dashboard-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardChartsQueryKey } from './chart-query-key';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

/** Training completion per restaurant, lowest first. */
export async function fetchHqTrainingCompletion(signal?: AbortSignal) {
  return TrainingCompletionByRestaurant.parse(await apiRequest('/api/dashboards/hq/training-completion', { signal }));
}

export const hqTrainingCompletionQuery = queryOptions({
  queryKey: [...dashboardChartsQueryKey, 'hq', 'training-completion'] as const,
  queryFn: ({ signal }) => fetchHqTrainingCompletion(signal),
  staleTime: DASHBOARD_STALE_MS,
});

export function useHqTrainingCompletion(options: { enabled?: boolean } = {}) {
  return useQuery({ ...hqTrainingCompletionQuery, enabled: options.enabled ?? true });
}
