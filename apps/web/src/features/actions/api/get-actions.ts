import type { SortOrder } from '@brigade/core/schemas/common';
import { ActionPage, type ActionSort, type ActionStatus } from '@brigade/core/schemas/corrective-actions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ActionListParams {
  search: string;
  page: number;
  pageSize: number;
  /** hq: an optional filter. Managers: their selected restaurant, always. */
  restaurantId?: string;
  status?: ActionStatus;
  overdue?: boolean;
  templateName?: string;
  sort: ActionSort;
  order: SortOrder;
}

/** Every action query starts with this key; a change to an action invalidates all of them. */
export const actionsQueryKey = ['actions'] as const;

export function actionListQueryKey(params: ActionListParams) {
  return [...actionsQueryKey, 'list', params] as const;
}

/** One page of actions, sorted (open and most overdue first by default); filters and search run on the server. */
export async function fetchActions(params: ActionListParams, signal?: AbortSignal): Promise<ActionPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  if (params.search) query.set('search', params.search);
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  if (params.status) query.set('status', params.status);
  if (params.overdue !== undefined) query.set('overdue', String(params.overdue));
  if (params.templateName) query.set('templateName', params.templateName);
  return ActionPage.parse(await apiRequest(`/api/actions?${query}`, { signal }));
}

export function useActions(params: ActionListParams) {
  return useQuery(
    queryOptions({
      queryKey: actionListQueryKey(params),
      queryFn: ({ signal }) => fetchActions(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
