import { AssignmentCard } from '@brigade/core/schemas/assignments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type MyTrainingsStatus = 'all' | 'completed' | 'in_progress';

export interface MyTrainingsParams {
  search: string;
  status: MyTrainingsStatus;
  /** Trainings in any of these categories; none means all. */
  categoryIds: readonly string[];
}

/** The signed-in person's own assignments; assigning, removing or a quiz changes them. */
export const myTrainingsQueryKey = ['my-trainings'] as const;

export function myTrainingsListQueryKey(params: MyTrainingsParams) {
  return [
    ...myTrainingsQueryKey,
    { search: params.search, status: params.status, categoryIds: [...params.categoryIds].sort() },
  ] as const;
}

/** My Trainings, searched and filtered by status and category on the server. */
export async function fetchMyTrainings(params: MyTrainingsParams, signal?: AbortSignal): Promise<AssignmentCard[]> {
  const query = new URLSearchParams({ status: params.status });
  if (params.search) query.set('search', params.search);
  for (const id of params.categoryIds) query.append('categoryIds', id);
  return z.array(AssignmentCard).parse(await apiRequest(`/api/my-trainings?${query}`, { signal }));
}

export function myTrainingsQuery(params: MyTrainingsParams) {
  return queryOptions({
    queryKey: myTrainingsListQueryKey(params),
    queryFn: ({ signal }) => fetchMyTrainings(params, signal),
    placeholderData: keepPreviousData,
    // Watching a video or passing a quiz elsewhere changes the progress shown here.
    staleTime: 0,
  });
}

export function useMyTrainings(params: MyTrainingsParams) {
  return useQuery(myTrainingsQuery(params));
}
