import { TrainingSummary } from '@brigade/core/schemas/trainings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the trainings key on purpose: when hq adds, edits or deletes a training, the
 * trainings feature invalidates `['trainings']` and these choices refresh too.
 */
export const trainingOptionsQueryKey = ['trainings', 'assignment-options'] as const;

/** Every training with its categories: what can be assigned, and the overview's filter. */
export async function fetchTrainingOptions(signal?: AbortSignal): Promise<TrainingSummary[]> {
  const trainings = z.array(TrainingSummary).parse(await apiRequest('/api/trainings', { signal }));
  return [...trainings].sort((a, b) => a.title.localeCompare(b.title));
}

export const trainingOptionsQuery = queryOptions({
  queryKey: trainingOptionsQueryKey,
  queryFn: ({ signal }) => fetchTrainingOptions(signal),
});

export function useTrainingOptions() {
  return useQuery(trainingOptionsQuery);
}
