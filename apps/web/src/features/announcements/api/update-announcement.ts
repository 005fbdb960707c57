import { Announcement, type AnnouncementInput } from '@brigade/core/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { announcementsQueryKey } from './get-announcements';

export interface UpdateAnnouncementVariables {
  id: string;
  input: AnnouncementInput;
}

/** Changes an announcement's title and description (hq). */
export async function updateAnnouncement({ id, input }: UpdateAnnouncementVariables): Promise<Announcement> {
  return Announcement.parse(
    await apiRequest(`/api/announcements/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateAnnouncement(callbacks: MutationCallbacks<Announcement, UpdateAnnouncementVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSuccess: (announcement, variables) => {
      callbacks.onSuccess?.(announcement, variables);
      void queryClient.invalidateQueries({ queryKey: dashboardsQueryKey });
      return queryClient.invalidateQueries({ queryKey: announcementsQueryKey });
    },
    // On the hook, not on `mutate`: an expired session unmounts the form before the answer.
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
