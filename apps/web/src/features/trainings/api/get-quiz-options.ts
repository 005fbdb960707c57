import { QuizSummary } from '@brigade/core/schemas/quizzes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quizzesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the quizzes key on purpose: when hq adds, edits or deletes a quiz, the quizzes
 * feature invalidates `['quizzes']` and the training form's choices refresh too.
 */
export const quizOptionsQueryKey = [...quizzesQueryKey, 'options'] as const;

/** The quizzes a training can link to (hq). */
export async function fetchQuizOptions(signal?: AbortSignal): Promise<QuizSummary[]> {
  return z.array(QuizSummary).parse(await apiRequest('/api/quizzes', { signal }));
}

export const quizOptionsQuery = queryOptions({
  queryKey: quizOptionsQueryKey,
  queryFn: ({ signal }) => fetchQuizOptions(signal),
});

export function useQuizOptions() {
  return useQuery(quizOptionsQuery);
}
