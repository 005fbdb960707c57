import { TrainingDetail } from '@brigade/core/schemas/trainings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function trainingQueryKey(id: string) {
  return [...trainingsQueryKey, 'detail', id] as const;
}

/** One training with its playlist in order and the signed-in person's progress. */
export async function fetchTraining(id: string, signal?: AbortSignal): Promise<TrainingDetail> {
  const training = TrainingDetail.parse(await apiRequest(`/api/trainings/${encodeURIComponent(id)}`, { signal }));
  return { ...training, videos: [...training.videos].sort((a, b) => a.orderNum - b.orderNum) };
}

export function trainingQuery(id: string) {
  return queryOptions({
    queryKey: trainingQueryKey(id),
    queryFn: ({ signal }) => fetchTraining(id, signal),
    // The edit form and the watched ticks start from what is stored now.
    staleTime: 0,
  });
}

export function useTraining(id: string) {
  return useQuery(trainingQuery(id));
}
