import { UnreadCount } from '@brigade/core/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { notificationListsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** Marks one of my notifications read; the answer is my new unread count. */
export async function markNotificationRead(id: string): Promise<UnreadCount> {
  return UnreadCount.parse(await apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }));
}

export function useMarkNotificationRead(callbacks: MutationCallbacks<UnreadCount, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (count, id) => {
      queryClient.setQueryData(unreadCountQueryKey, count);
      callbacks.onSuccess?.(count, id);
      return queryClient.invalidateQueries({ queryKey: notificationListsQueryKey, refetchType: 'active' });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
