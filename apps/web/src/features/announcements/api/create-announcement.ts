import { type AnnouncementInput, ManagedAnnouncement } from '@brigade/core/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgementsQueryKey, dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { announcementsQueryKey } from './get-announcements';

/** Publishes an announcement (hq); the server records who wrote it and when. */
export async function createAnnouncement(input: AnnouncementInput): Promise<ManagedAnnouncement> {
  return ManagedAnnouncement.parse(await apiRequest('/api/announcements', { method: 'POST', body: input }));
}

export function useCreateAnnouncement(callbacks: MutationCallbacks<ManagedAnnouncement, AnnouncementInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnnouncement,
    onSuccess: (announcement, variables) => {
      callbacks.onSuccess?.(announcement, variables);
      void queryClient.invalidateQueries({ queryKey: dashboardsQueryKey });
      void queryClient.invalidateQueries({ queryKey: acknowledgementsQueryKey });
      return queryClient.invalidateQueries({ queryKey: announcementsQueryKey });
    },
    // On the hook, not on `mutate`: an expired session unmounts the form before the answer.
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
