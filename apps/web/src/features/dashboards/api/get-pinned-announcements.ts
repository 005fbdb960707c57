import { PinnedAnnouncement } from '@brigade/core/schemas/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { acknowledgementsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export const pinnedAnnouncementsQueryKey = [...acknowledgementsQueryKey, 'pinned'] as const;

/** What the signed-in person has still to acknowledge, newest first. */
export async function fetchPinnedAnnouncements(signal?: AbortSignal): Promise<PinnedAnnouncement[]> {
  return z.array(PinnedAnnouncement).parse(await apiRequest('/api/announcements/pinned', { signal }));
}

export const pinnedAnnouncementsQuery = queryOptions({
  queryKey: pinnedAnnouncementsQueryKey,
  queryFn: ({ signal }) => fetchPinnedAnnouncements(signal),
});

export function usePinnedAnnouncements() {
  return useQuery(pinnedAnnouncementsQuery);
}
