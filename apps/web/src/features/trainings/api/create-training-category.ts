import { TrainingCategory } from '@brigade/core/schemas/trainings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingCategoriesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Adds a category (hq); a name already in use answers 409. */
export async function createTrainingCategory(name: string): Promise<TrainingCategory> {
  return TrainingCategory.parse(await apiRequest('/api/training-categories', { method: 'POST', body: { name } }));
}

export function useCreateTrainingCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrainingCategory,
    onSuccess: (category) => {
      queryClient.setQueryData<TrainingCategory[]>(trainingCategoriesQueryKey, (current) =>
        current ? [...current, category].sort((a, b) => a.name.localeCompare(b.name)) : current,
      );
      return queryClient.invalidateQueries({ queryKey: trainingCategoriesQueryKey });
    },
  });
}
