import { AssignablePerson } from '@brigade/core/schemas/assignments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { assignmentsQueryKey } from './get-assignment-overview';

export interface AssignableParams {
  restaurantId?: string;
  search: string;
}

export function assignableQueryKey(params: AssignableParams) {
  return [...assignmentsQueryKey, 'assignable', params] as const;
}

/**
 * People trainings can go to (core §6): active, with a restaurant; staff and managers
 * for hq, the staff of their restaurants for a manager. By name.
 */
export async function fetchAssignablePeople(
  params: AssignableParams,
  signal?: AbortSignal,
): Promise<AssignablePerson[]> {
  const query = new URLSearchParams();
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  if (params.search) query.set('search', params.search);
  const suffix = query.size > 0 ? `?${query}` : '';
  return z.array(AssignablePerson).parse(await apiRequest(`/api/training-assignments/assignable${suffix}`, { signal }));
}

export function assignablePeopleQuery(params: AssignableParams) {
  return queryOptions({
    queryKey: assignableQueryKey(params),
    queryFn: ({ signal }) => fetchAssignablePeople(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAssignablePeople(params: AssignableParams) {
  return useQuery(assignablePeopleQuery(params));
}
