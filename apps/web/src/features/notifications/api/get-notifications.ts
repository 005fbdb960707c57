import { NotificationPage } from '@brigade/core/schemas/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface NotificationListParams {
  page: number;
  pageSize: number;
}

/** Every notification query (the list, the bell's latest, the unread count) starts with this key. */
export const notificationsQueryKey = ['notifications'] as const;

/** Every list of notifications (the bell's latest, the page); not the count, which has its own key. */
export const notificationListsQueryKey = [...notificationsQueryKey, 'list'] as const;

export function notificationListQueryKey(params: NotificationListParams) {
  return [...notificationListsQueryKey, params] as const;
}

/** One page of my notifications, newest first, with how many are unread. */
export async function fetchNotifications(
  params: NotificationListParams,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  return NotificationPage.parse(await apiRequest(`/api/notifications?${query}`, { signal }));
}

export function notificationListQuery(params: NotificationListParams) {
  return queryOptions({
    queryKey: notificationListQueryKey(params),
    queryFn: ({ signal }) => fetchNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** `staleTime: 0` for the bell's panel: each opening asks again. */
export function useNotifications(params: NotificationListParams, { staleTime }: { staleTime?: number } = {}) {
  return useQuery({ ...notificationListQuery(params), ...(staleTime === undefined ? {} : { staleTime }) });
}
