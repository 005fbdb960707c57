import { WebhookDeliveryPage } from '@brigade/core/schemas/webhooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const DELIVERIES_PAGE_SIZE = 20;

export const webhookDeliveriesQueryKey = (id: string, page?: number) =>
  page === undefined ? (['webhooks', id, 'deliveries'] as const) : (['webhooks', id, 'deliveries', page] as const);

/** One page of an endpoint's delivery log, newest first. */
export async function fetchWebhookDeliveries(id: string, page: number, signal?: AbortSignal) {
  return WebhookDeliveryPage.parse(
    await apiRequest(
      `/api/webhooks/${encodeURIComponent(id)}/deliveries?page=${page}&pageSize=${DELIVERIES_PAGE_SIZE}`,
      { signal },
    ),
  );
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookDeliveriesQueryKey(id, page),
    queryFn: ({ signal }) => fetchWebhookDeliveries(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
