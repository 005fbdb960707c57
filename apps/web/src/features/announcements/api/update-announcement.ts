import { type AnnouncementUpdate, ManagedAnnouncement } from '@brigade/core/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgementsQueryKey, dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { announcementsQueryKey } from './get-announcements';

export interface UpdateAnnouncementVariables {
  id: string;
  input: AnnouncementUpdate;
}

/**
 * Changes an announcement (hq). A changed text of an acknowledged announcement needs
 * `reacknowledge`; without it the server answers 409 and the form asks hq.
 */
export async function updateAnnouncement({ id, input }: UpdateAnnouncementVariables): Promise<ManagedAnnouncement> {
  return ManagedAnnouncement.parse(
    await apiRequest(`/api/announcements/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateAnnouncement(
  callbacks: MutationCallbacks<ManagedAnnouncement, UpdateAnnouncementVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
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
