import { WeeklyTrainingProgress } from '@brigade/core/schemas/dashboard-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardChartsQueryKey } from './chart-query-key';
import { DASHBOARD_STALE_MS } from './dashboard-stale-time';

/** The selected restaurant's staff trainings completed and still incomplete, per week. */
export async function fetchManagerTrainingProgress(restaurantId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ restaurantId });
  return WeeklyTrainingProgress.parse(
    await apiRequest(`/api/dashboards/manager/training-progress?${query}`, { signal }),
  );
}

export function managerTrainingProgressQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...dashboardChartsQueryKey, 'manager', restaurantId, 'training-progress'] as const,
    queryFn: ({ signal }) => fetchManagerTrainingProgress(restaurantId, signal),
    staleTime: DASHBOARD_STALE_MS,
  });
}

export function useManagerTrainingProgress(restaurantId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...managerTrainingProgressQuery(restaurantId), enabled: options.enabled ?? true });
}
