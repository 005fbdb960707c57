import { UnreadCount } from '@brigade/core/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { notificationListsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** Marks every one of my notifications read. */
export async function markAllNotificationsRead(): Promise<UnreadCount> {
  return UnreadCount.parse(await apiRequest('/api/notifications/read-all', { method: 'POST', body: {} }));
}

export function useMarkAllNotificationsRead(callbacks: MutationCallbacks<UnreadCount, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (count) => {
      queryClient.setQueryData(unreadCountQueryKey, count);
      callbacks.onSuccess?.(count);
      return queryClient.invalidateQueries({ queryKey: notificationListsQueryKey, refetchType: 'active' });
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
