import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesQueryKey, trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';

/** Deletes a quiz (hq); trainings linked to it are left without a quiz. */
export async function deleteQuiz(id: string): Promise<void> {
  await apiRequest(`/api/quizzes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteQuiz(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuiz,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      void queryClient.invalidateQueries({ queryKey: trainingsQueryKey });
      return queryClient.invalidateQueries({ queryKey: quizzesQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
