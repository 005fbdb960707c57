import { QuizDetail, type QuizInput } from '@brigade/core/schemas/quizzes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesQueryKey, trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface UpdateQuizVariables {
  id: string;
  input: QuizInput;
}

/** Replaces a quiz's title, pass mark and questions (hq). */
export async function updateQuiz({ id, input }: UpdateQuizVariables): Promise<QuizDetail> {
  return QuizDetail.parse(await apiRequest(`/api/quizzes/${encodeURIComponent(id)}`, { method: 'PUT', body: input }));
}

export function useUpdateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuiz,
    onSuccess: () => {
      // The viewer shows the linked quiz's title.
      void queryClient.invalidateQueries({ queryKey: trainingsQueryKey });
      return queryClient.invalidateQueries({ queryKey: quizzesQueryKey });
    },
  });
}
