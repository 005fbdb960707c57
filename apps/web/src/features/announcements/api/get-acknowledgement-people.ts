import { AckPeoplePage, type AckStatus } from '@brigade/core/schemas/announcements';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { acknowledgementsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export interface AckPeopleParams {
  id: string;
  restaurantId?: string;
  status: AckStatus;
  page: number;
  pageSize: number;
}

/** A page of the audience by name: who has not acknowledged (or who has, with when). */
export async function fetchAcknowledgementPeople(
  params: AckPeopleParams,
  signal?: AbortSignal,
): Promise<AckPeoplePage> {
  const query = new URLSearchParams({
    status: params.status,
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  if (params.restaurantId) query.set('restaurantId', params.restaurantId);
  return AckPeoplePage.parse(
    await apiRequest(`/api/announcements/${encodeURIComponent(params.id)}/acknowledgements?${query}`, { signal }),
  );
}

export function acknowledgementPeopleQuery(params: AckPeopleParams) {
  return queryOptions({
    queryKey: [...acknowledgementsQueryKey, 'people', params] as const,
    queryFn: ({ signal }) => fetchAcknowledgementPeople(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAcknowledgementPeople(params: AckPeopleParams) {
  return useQuery(acknowledgementPeopleQuery(params));
}
