import type { SortOrder } from '@brigade/core/schemas/common';
import { type QuizSort, QuizSummary } from '@brigade/core/schemas/quizzes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quizzesQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface QuizListParams {
  search: string;
  sort: QuizSort;
  order: SortOrder;
}

export function quizListQueryKey(params: QuizListParams) {
  return [...quizzesQueryKey, 'list', { search: params.search, sort: params.sort, order: params.order }] as const;
}

/** Every quiz (hq), searched and sorted on the server, with question counts and linked trainings. */
export async function fetchQuizzes(params: QuizListParams, signal?: AbortSignal): Promise<QuizSummary[]> {
  const query = new URLSearchParams({ sort: params.sort, order: params.order });
  if (params.search) query.set('search', params.search);
  return z.array(QuizSummary).parse(await apiRequest(`/api/quizzes?${query}`, { signal }));
}

export function quizListQuery(params: QuizListParams) {
  return queryOptions({
    queryKey: quizListQueryKey(params),
    queryFn: ({ signal }) => fetchQuizzes(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuizzes(params: QuizListParams) {
  return useQuery(quizListQuery(params));
}
