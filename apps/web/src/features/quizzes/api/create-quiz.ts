import { QuizDetail, type QuizInput } from '@brigade/core/schemas/quizzes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** Adds a quiz (hq); a title already in use answers 409 on the title field. */
export async function createQuiz(input: QuizInput): Promise<QuizDetail> {
  return QuizDetail.parse(await apiRequest('/api/quizzes', { method: 'POST', body: input }));
}

export function useCreateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizzesQueryKey }),
  });
}
