import type { SortOrder } from '@brigade/core/schemas/common';
import { type TrainingSort, TrainingSummary } from '@brigade/core/schemas/trainings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface TrainingListParams {
  search: string;
  /** Trainings in any of these categories; none means all. */
  categoryIds: readonly string[];
  sort: TrainingSort;
  order: SortOrder;
}

export function trainingListQueryKey(params: TrainingListParams) {
  return [
    ...trainingsQueryKey,
    'list',
    {
      search: params.search,
      categoryIds: [...params.categoryIds].sort(),
      sort: params.sort,
      order: params.order,
    },
  ] as const;
}

/** Every training, searched, filtered by category and sorted on the server. */
export async function fetchTrainings(params: TrainingListParams, signal?: AbortSignal): Promise<TrainingSummary[]> {
  const query = new URLSearchParams({ sort: params.sort, order: params.order });
  if (params.search) query.set('search', params.search);
  for (const id of params.categoryIds) query.append('categoryIds', id);
  return z.array(TrainingSummary).parse(await apiRequest(`/api/trainings?${query}`, { signal }));
}

export function trainingListQuery(params: TrainingListParams) {
  return queryOptions({
    queryKey: trainingListQueryKey(params),
    queryFn: ({ signal }) => fetchTrainings(params, signal),
    // Typing a search, picking a category or a sort keeps the old cards until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTrainings(params: TrainingListParams) {
  return useQuery(trainingListQuery(params));
}
