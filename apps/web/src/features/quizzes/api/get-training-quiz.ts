import { QuizForTaker } from '@brigade/core/schemas/quizzes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function trainingQuizQueryKey(trainingId: string) {
  return [...quizzesQueryKey, 'for-training', trainingId] as const;
}

/** The quiz linked to a training, as a taker sees it: no correct answers. */
export async function fetchTrainingQuiz(trainingId: string, signal?: AbortSignal): Promise<QuizForTaker> {
  return QuizForTaker.parse(await apiRequest(`/api/trainings/${encodeURIComponent(trainingId)}/quiz`, { signal }));
}

export function trainingQuizQuery(trainingId: string) {
  return queryOptions({
    queryKey: trainingQuizQueryKey(trainingId),
    queryFn: ({ signal }) => fetchTrainingQuiz(trainingId, signal),
    staleTime: 0,
  });
}

export function useTrainingQuiz(trainingId: string) {
  return useQuery(trainingQuizQuery(trainingId));
}
