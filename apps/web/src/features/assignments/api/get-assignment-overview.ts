import { AssignmentOverview, type AssignmentOverviewSort } from '@brigade/core/schemas/assignments';
import type { SortOrder } from '@brigade/core/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AssignmentOverviewParams {
  search: string;
  page: number;
  pageSize: number;
  trainingId?: string;
  /** hq: an optional filter; a manager: the selected restaurant (required by the server). */
  restaurantId?: string;
  /** Without one, by name. */
  sort?: AssignmentOverviewSort;
  order?: SortOrder;
}

/** Every assignment query starts with this key; assigning, removing or resetting invalidates them. */
export const assignmentsQueryKey = ['training-assignments'] as const;

/** Other screens that count assignments (dashboards, My Trainings, staff lists), refreshed after a change. */
export const assignmentDependentKeys = [['dashboards'], ['my-trainings'], ['users']] as const;

export function assignmentOverviewQueryKey(params: AssignmentOverviewParams) {
  return [...assignmentsQueryKey, 'overview', params] as const;
}

/** One page of people with their assignments, filtered, searched and sorted on the server. */
export async function fetchAssignmentOverview(
  params: AssignmentOverviewParams,
  signal?: AbortSignal,
): Promise<AssignmentOverview> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search) query.set('search', params.search);
  if (params.trainingId) query.set('trainingId', params.trainingId);
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  if (params.sort) query.set('sort', params.sort);
  if (params.order) query.set('order', params.order);
  return AssignmentOverview.parse(await apiRequest(`/api/training-assignments?${query}`, { signal }));
}

export function assignmentOverviewQuery(params: AssignmentOverviewParams) {
  return queryOptions({
    queryKey: assignmentOverviewQueryKey(params),
    queryFn: ({ signal }) => fetchAssignmentOverview(params, signal),
    placeholderData: keepPreviousData,
    // Staff progress (videos, quizzes) changes without this screen knowing.
    staleTime: 0,
  });
}

export function useAssignmentOverview(params: AssignmentOverviewParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...assignmentOverviewQuery(params), enabled: options.enabled ?? true });
}
