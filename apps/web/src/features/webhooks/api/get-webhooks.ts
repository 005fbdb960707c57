import { WebhookList } from '@brigade/core/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const webhooksQueryKey = ['webhooks'] as const;

/** hq's endpoints, newest first, each with its last delivery (never a secret). */
export async function fetchWebhooks(signal?: AbortSignal): Promise<WebhookList> {
  return WebhookList.parse(await apiRequest('/api/webhooks', { signal }));
}

export const webhooksQuery = queryOptions({
  queryKey: webhooksQueryKey,
  queryFn: ({ signal }) => fetchWebhooks(signal),
});

export function useWebhooks() {
  return useQuery(webhooksQuery);
}
