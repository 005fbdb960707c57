import { AnnouncementDetail } from '@brigade/core/schemas/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { announcementsQueryKey } from './get-announcements';

export function announcementQueryKey(id: string) {
  return [...announcementsQueryKey, 'detail', id] as const;
}

/** One announcement with its audience, and whether the signed-in person has acknowledged it. */
export async function fetchAnnouncement(id: string, signal?: AbortSignal): Promise<AnnouncementDetail> {
  return AnnouncementDetail.parse(await apiRequest(`/api/announcements/${encodeURIComponent(id)}`, { signal }));
}

export function announcementQuery(id: string) {
  return queryOptions({ queryKey: announcementQueryKey(id), queryFn: ({ signal }) => fetchAnnouncement(id, signal) });
}

export function useAnnouncement(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...announcementQuery(id), enabled: options.enabled ?? true });
}
