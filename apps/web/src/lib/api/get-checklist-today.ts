import { Today } from '@brigade/core/schemas/checklists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * A restaurant's checklists of its local day (issue 33): the Today screen and the staff
 * and manager dashboards both show them, so the query lives here rather than in one
 * feature. Filling or submitting a record invalidates this key.
 */
export const checklistTodayQueryKey = ['checklist-today'] as const;

/** States move with the clock (open → missed at closing time): asked again every minute while on screen. */
export const CHECKLIST_TODAY_REFRESH_MS = 60_000;

export async function fetchChecklistToday(restaurantId: string, signal?: AbortSignal): Promise<Today> {
  return Today.parse(
    await apiRequest(`/api/checklists/today?restaurantId=${encodeURIComponent(restaurantId)}`, { signal }),
  );
}

export function checklistTodayQuery(restaurantId: string) {
  return queryOptions({
    queryKey: [...checklistTodayQueryKey, restaurantId],
    queryFn: ({ signal }) => fetchChecklistToday(restaurantId, signal),
    staleTime: 15_000,
    refetchInterval: CHECKLIST_TODAY_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** Nothing is asked while no restaurant is selected. */
export function useChecklistToday(restaurantId: string | null) {
  return useQuery({ ...checklistTodayQuery(restaurantId ?? ''), enabled: restaurantId !== null });
}
