import type { SortOrder } from '@brigade/core/schemas/common';
import { StaffPage, type StaffSort } from '@brigade/core/schemas/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface StaffListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: StaffSort;
  order: SortOrder;
  /** hq: an optional filter; a manager: the selected restaurant (required by the server). */
  restaurantId?: string;
}

/** Every staff query starts with this key; changes invalidate all of them. */
export const staffQueryKey = ['users'] as const;

export function staffListQueryKey(params: StaffListParams) {
  return [...staffQueryKey, 'list', params] as const;
}

/** One page of people; the search (name, email, role, restaurant) and the sort run on the server. */
export async function fetchStaff(params: StaffListParams, signal?: AbortSignal): Promise<StaffPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.search) query.set('search', params.search);
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  return StaffPage.parse(await apiRequest(`/api/users?${query}`, { signal }));
}

export function staffListQuery(params: StaffListParams) {
  return queryOptions({
    queryKey: staffListQueryKey(params),
    queryFn: ({ signal }) => fetchStaff(params, signal),
    // Typing a search or turning a page keeps the old rows until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useStaff(params: StaffListParams) {
  return useQuery(staffListQuery(params));
}
