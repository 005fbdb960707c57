import { AuditPage, type AuditSort, type AuditStatus } from '@brigade/core/schemas/audits';
import type { SortOrder } from '@brigade/core/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AuditListParams {
  search: string;
  page: number;
  pageSize: number;
  /** hq: an optional filter. Managers and staff: one of their restaurants, or all of them when absent. */
  restaurantId?: string;
  /** hq only; managers and staff always get completed audits. */
  status?: AuditStatus;
  sort: AuditSort;
  order: SortOrder;
}

/** Every audit query starts with this key; a change to an audit invalidates all of them. */
export const auditsQueryKey = ['audits'] as const;

export function auditListQueryKey(params: AuditListParams) {
  return [...auditsQueryKey, 'list', params] as const;
}

/** One page of audits, sorted on the server; the search (restaurant, template, auditor) runs there too. */
export async function fetchAudits(params: AuditListParams, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.search) query.set('search', params.search);
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  if (params.status) query.set('status', params.status);
  return AuditPage.parse(await apiRequest(`/api/audits?${query}`, { signal }));
}

export function auditListQuery(params: AuditListParams) {
  return queryOptions({
    queryKey: auditListQueryKey(params),
    queryFn: ({ signal }) => fetchAudits(params, signal),
    // Typing a search, sorting or turning a page keeps the old rows until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAudits(params: AuditListParams) {
  return useQuery(auditListQuery(params));
}
