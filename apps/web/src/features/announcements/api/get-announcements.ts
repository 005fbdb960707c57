import { AnnouncementPage, type AnnouncementSort } from '@brigade/core/schemas/announcements';
import type { SortOrder } from '@brigade/core/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AnnouncementListParams {
  search: string;
  page: number;
  pageSize: number;
  /** Only those that require an acknowledgement ('true'), or only those that do not ('false'). */
  requiresAck?: 'true' | 'false';
  /** Without one, newest first. */
  sort?: AnnouncementSort;
  order?: SortOrder;
}

/** Every announcement query starts with this key; a change invalidates all of them. */
export const announcementsQueryKey = ['announcements'] as const;

export function announcementListQueryKey(params: AnnouncementListParams) {
  return [...announcementsQueryKey, 'list', params] as const;
}

/** One page of announcements, newest first unless sorted; search (title, description), filter and sort run on the server. */
export async function fetchAnnouncements(
  params: AnnouncementListParams,
  signal?: AbortSignal,
): Promise<AnnouncementPage> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search) query.set('search', params.search);
  if (params.requiresAck) query.set('requiresAck', params.requiresAck);
  if (params.sort) query.set('sort', params.sort);
  if (params.order) query.set('order', params.order);
  return AnnouncementPage.parse(await apiRequest(`/api/announcements?${query}`, { signal }));
}

export function announcementListQuery(params: AnnouncementListParams) {
  return queryOptions({
    queryKey: announcementListQueryKey(params),
    queryFn: ({ signal }) => fetchAnnouncements(params, signal),
    // Typing a search or turning a page keeps the old items until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(params: AnnouncementListParams) {
  return useQuery(announcementListQuery(params));
}
