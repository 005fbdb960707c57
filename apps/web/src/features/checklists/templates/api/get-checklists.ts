import { type CHECKLIST_SORTS, ChecklistPage } from '@brigade/core/schemas/checklists';
import type { SortOrder } from '@brigade/core/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export type ChecklistSort = (typeof CHECKLIST_SORTS)[number];

export interface ChecklistListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: ChecklistSort;
  order: SortOrder;
  /** A manager's selected restaurant (required for them), or hq's filter; absent, every checklist (hq). */
  restaurantId: string | null;
}

/** Every checklist template query starts with this key; a change to a checklist invalidates all of them. */
export const checklistTemplatesQueryKey = ['checklist-templates'] as const;

export function checklistListQueryKey(params: ChecklistListParams) {
  return [...checklistTemplatesQueryKey, 'list', params] as const;
}

/** One page of checklists; search (name), sort (name, items) and paging run on the server. */
export async function fetchChecklists(params: ChecklistListParams, signal?: AbortSignal): Promise<ChecklistPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.search) query.set('search', params.search);
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  return ChecklistPage.parse(await apiRequest(`/api/checklists?${query}`, { signal }));
}

export function useChecklists(params: ChecklistListParams) {
  return useQuery(
    queryOptions({
      queryKey: checklistListQueryKey(params),
      queryFn: ({ signal }) => fetchChecklists(params, signal),
      // A new search, sort or page keeps the old rows until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  );
}
