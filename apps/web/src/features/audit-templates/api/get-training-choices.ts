import { TrainingSummary } from '@brigade/core/schemas/trainings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** A training an item can name (issue 20: findings that train). */
export interface TrainingChoice {
  value: string;
  label: string;
}

/**
 * Under the trainings key on purpose: when hq adds, edits or deletes a training, the
 * trainings feature invalidates `['trainings']` and these choices refresh too.
 */
export const trainingChoicesQueryKey = ['trainings', 'template-choices'] as const;

export async function fetchTrainingChoices(signal?: AbortSignal): Promise<TrainingChoice[]> {
  const trainings = z.array(TrainingSummary).parse(await apiRequest('/api/trainings', { signal }));
  return trainings
    .map((training) => ({ value: training.id, label: training.title }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function useTrainingChoices() {
  return useQuery(
    queryOptions({ queryKey: trainingChoicesQueryKey, queryFn: ({ signal }) => fetchTrainingChoices(signal) }),
  );
}
