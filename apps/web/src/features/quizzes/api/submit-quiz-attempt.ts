import { QuizResult, type SubmitQuiz } from '@brigade/core/schemas/quizzes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface SubmitQuizAttemptVariables {
  trainingId: string;
  /** Chosen once per attempt: sending it again (a retry) gets the first result, never a second attempt. */
  attemptId: string;
  answers: SubmitQuiz['answers'];
}

/** Sends one attempt; the server scores it and says whether the training is now completed. */
export async function submitQuizAttempt({
  trainingId,
  attemptId,
  answers,
}: SubmitQuizAttemptVariables): Promise<QuizResult> {
  return QuizResult.parse(
    await apiRequest(`/api/trainings/${encodeURIComponent(trainingId)}/quiz/attempts`, {
      method: 'POST',
      body: { attemptId, answers } satisfies SubmitQuiz,
    }),
  );
}

export function useSubmitQuizAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuizAttempt,
    onSuccess: (result) => {
      // A passed quiz can complete the training: its page shows that.
      if (result.trainingCompleted) void queryClient.invalidateQueries({ queryKey: trainingsQueryKey });
    },
  });
}
