import { AckCounts } from '@brigade/core/schemas/announcements';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { acknowledgementsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface AckCountsParams {
  id: string;
  /** A manager's selected restaurant, or hq's filter; absent is the whole audience (hq). */
  restaurantId?: string;
  page: number;
  pageSize: number;
}

/** Acknowledged / audience of one announcement, and per restaurant, a page of them. */
export async function fetchAcknowledgementCounts(params: AckCountsParams, signal?: AbortSignal): Promise<AckCounts> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  return AckCounts.parse(
    await apiRequest(`/api/announcements/${encodeURIComponent(params.id)}/acknowledgement-counts?${query}`, { signal }),
  );
}

export function acknowledgementCountsQuery(params: AckCountsParams) {
  return queryOptions({
    queryKey: [...acknowledgementsQueryKey, 'counts', params] as const,
    queryFn: ({ signal }) => fetchAcknowledgementCounts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAcknowledgementCounts(params: AckCountsParams) {
  return useQuery(acknowledgementCountsQuery(params));
}
