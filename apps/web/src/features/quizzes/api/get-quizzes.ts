import { QuizSummary } from '@brigade/core/schemas/quizzes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quizzesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

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
