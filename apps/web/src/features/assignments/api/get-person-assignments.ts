import { AssignmentCard } from '@brigade/core/schemas/assignments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { assignmentsQueryKey } from './get-assignment-overview';

export interface PersonAssignmentsParams {
  personId: string;
  /** The overview's filters, so the expanded person shows the assignments listed. */
  search: string;
  trainingId?: string;
  /** A manager: the selected restaurant (required by the server). */
  restaurantId?: string;
}

/** Under the overview's key: assigning, removing or resetting refreshes an open person too. */
export function personAssignmentsQueryKey(params: PersonAssignmentsParams) {
  return [...assignmentsQueryKey, 'person', params] as const;
}

/** One person of the overview in full: description, categories, dates and videos of each assignment. */
export async function fetchPersonAssignments(
  params: PersonAssignmentsParams,
  signal?: AbortSignal,
): Promise<AssignmentCard[]> {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.trainingId) query.set('trainingId', params.trainingId);
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  const path = `/api/training-assignments/people/${encodeURIComponent(params.personId)}`;
  const suffix = query.toString() ? `?${query}` : '';
  return z.array(AssignmentCard).parse(await apiRequest(`${path}${suffix}`, { signal }));
}

export function personAssignmentsQuery(params: PersonAssignmentsParams) {
  return queryOptions({
    queryKey: personAssignmentsQueryKey(params),
    queryFn: ({ signal }) => fetchPersonAssignments(params, signal),
    // Staff progress (videos, quizzes) changes without this screen knowing.
    staleTime: 0,
  });
}

/** Fetched only while `enabled`: when the person is expanded, or their assignments are needed. */
export function usePersonAssignments(params: PersonAssignmentsParams, options: { enabled: boolean }) {
  return useQuery({ ...personAssignmentsQuery(params), enabled: options.enabled });
}
