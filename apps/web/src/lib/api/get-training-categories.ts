import { TrainingCategory } from '@brigade/core/schemas/trainings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { trainingCategoriesQueryKey } from './query-keys';

/** Every training category, by name. */
export async function fetchTrainingCategories(signal?: AbortSignal): Promise<TrainingCategory[]> {
  return z.array(TrainingCategory).parse(await apiRequest('/api/training-categories', { signal }));
}

export const trainingCategoriesQuery = queryOptions({
  queryKey: trainingCategoriesQueryKey,
  queryFn: ({ signal }) => fetchTrainingCategories(signal),
});

export function useTrainingCategories() {
  return useQuery(trainingCategoriesQuery);
}
