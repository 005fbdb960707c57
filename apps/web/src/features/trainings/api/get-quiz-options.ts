import { QuizSummary } from '@brigade/core/schemas/quizzes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
/**
 * The quizzes feature keeps every quiz query under this key. Saving a training changes
 * which trainings a quiz lists as linked, so the training mutations invalidate it too.
 */
export const quizzesQueryKey = ['quizzes'] as const;

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
