import { NotificationPreferences } from '@brigade/core/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const notificationPreferencesQueryKey = ['profile', 'notification-preferences'] as const;

/** The kinds of notification my role receives, each with my choice, and whether email is on at all. */
export async function fetchNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return NotificationPreferences.parse(await apiRequest('/api/profile/notification-preferences', { signal }));
}

export const notificationPreferencesQuery = queryOptions({
  queryKey: notificationPreferencesQueryKey,
  queryFn: ({ signal }) => fetchNotificationPreferences(signal),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}
