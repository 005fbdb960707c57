import { UnreadCount } from '@brigade/core/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

/** How often the bell asks for its count while the page is open (and again whenever the window gets focus). */
export const UNREAD_POLL_MS = 60_000;

export async function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return UnreadCount.parse(await apiRequest('/api/notifications/unread-count', { signal }));
}

export const unreadCountQuery = queryOptions({
  queryKey: unreadCountQueryKey,
  queryFn: ({ signal }) => fetchUnreadCount(signal),
  // The count is cheap: a focused window asks at once, a background tab stops asking.
  staleTime: 0,
  refetchInterval: UNREAD_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
});

export function useUnreadCount() {
  return useQuery(unreadCountQuery);
}
