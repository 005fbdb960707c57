import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { announcementsQueryKey } from './get-announcements';

/** Deletes an announcement (hq). */
export async function deleteAnnouncement(id: string): Promise<void> {
  await apiRequest(`/api/announcements/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAnnouncement(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      void queryClient.invalidateQueries({ queryKey: dashboardsQueryKey });
      return queryClient.invalidateQueries({ queryKey: announcementsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
