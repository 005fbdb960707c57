import { QuizDetail } from '@brigade/core/schemas/quizzes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quizzesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function quizQueryKey(id: string) {
  return [...quizzesQueryKey, 'detail', id] as const;
}

/** One quiz for its editor (hq), correct answers included. */
export async function fetchQuiz(id: string, signal?: AbortSignal): Promise<QuizDetail> {
  return QuizDetail.parse(await apiRequest(`/api/quizzes/${encodeURIComponent(id)}`, { signal }));
}

export function quizQuery(id: string) {
  return queryOptions({
    queryKey: quizQueryKey(id),
    queryFn: ({ signal }) => fetchQuiz(id, signal),
    // The edit form starts from what is stored now, not from a copy read minutes ago.
    staleTime: 0,
  });
}

export function useQuiz(id: string) {
  return useQuery(quizQuery(id));
}
