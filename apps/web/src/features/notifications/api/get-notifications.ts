import { NotificationPage } from '@brigade/core/schemas/notifications';
import { useLingui } from '@lingui/react';
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

/** With the language: the server writes titles and bodies in the language on screen (issue 22). */
function notificationListQueryKey(params: NotificationListParams, language: string) {
  return [...notificationListsQueryKey, language, params] as const;
}

/** One page of my notifications, newest first, with how many are unread. */
export async function fetchNotifications(
  params: NotificationListParams,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  return NotificationPage.parse(await apiRequest(`/api/notifications?${query}`, { signal }));
}

function notificationListQuery(params: NotificationListParams, language: string) {
  return queryOptions({
    queryKey: notificationListQueryKey(params, language),
    queryFn: ({ signal }) => fetchNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * `staleTime: 0` for the bell's panel: each opening asks again. Another language on
 * screen is another list: a switch on Profile shows the notifications in it at once.
 */
export function useNotifications(params: NotificationListParams, { staleTime }: { staleTime?: number } = {}) {
  const { i18n } = useLingui();
  return useQuery({
    ...notificationListQuery(params, i18n.locale),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
