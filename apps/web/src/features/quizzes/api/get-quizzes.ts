import { QuizSummary } from '@brigade/core/schemas/quizzes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Every quiz query starts with this key; a saved or deleted quiz invalidates all of them. */
export const quizzesQueryKey = ['quizzes'] as const;

/**
 * The trainings feature keeps its queries under this key. A deleted quiz leaves the
 * trainings linked to it without one, so the quiz mutations invalidate them too.
 */
export const trainingsQueryKey = ['trainings'] as const;

export function quizListQueryKey(search: string) {
  return [...quizzesQueryKey, 'list', { search }] as const;
}

/** Quizzes by title (hq), searched on the server, with question counts and linked trainings. */
export async function fetchQuizzes(search: string, signal?: AbortSignal): Promise<QuizSummary[]> {
  const query = search ? `?${new URLSearchParams({ search })}` : '';
  return z.array(QuizSummary).parse(await apiRequest(`/api/quizzes${query}`, { signal }));
}

export function quizListQuery(search: string) {
  return queryOptions({
    queryKey: quizListQueryKey(search),
    queryFn: ({ signal }) => fetchQuizzes(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuizzes(search: string) {
  return useQuery(quizListQuery(search));
}
