import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesQueryKey, trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { trainingQueryKey } from './get-training';

/** Deletes a training with its playlist and progress (hq). */
export async function deleteTraining(id: string): Promise<void> {
  await apiRequest(`/api/trainings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTraining(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTraining,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      // The page showing it is leaving: drop it rather than ask again and meet a 404.
      queryClient.removeQueries({ queryKey: trainingQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: quizzesQueryKey });
      void queryClient.invalidateQueries({ queryKey: [...trainingsQueryKey, 'list'] });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
