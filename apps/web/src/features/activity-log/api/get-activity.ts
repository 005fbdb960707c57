import { type ActivityListQuery, ActivityPage } from '@brigade/core/schemas/activity-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The filters and the page of the activity log, as `GET /api/activity` takes them (absent: not filtered). */
export type ActivityParams = Partial<Record<Exclude<keyof ActivityListQuery, 'pageSize'>, string>> & {
  pageSize?: number;
};

/** Every activity query starts with this key: Verify and a new export refresh them. */
export const activityQueryKey = ['activity'] as const;

/** `actorId=…&kind=…`: the filters (and cursor) that are set, in a stable order. */
export function activitySearch(params: ActivityParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['actorId', 'restaurantId', 'kind', 'from', 'to', 'before', 'after', 'pageSize'] as const) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

export async function fetchActivity(params: ActivityParams, signal?: AbortSignal): Promise<ActivityPage> {
  return ActivityPage.parse(await apiRequest(`/api/activity?${activitySearch(params)}`, { signal }));
}

/** One page of the log, newest first; the previous page stays shown while the next loads. */
export function useActivity(params: ActivityParams) {
  return useQuery(
    queryOptions({
      queryKey: [...activityQueryKey, 'list', params],
      queryFn: ({ signal }) => fetchActivity(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
