import { WebhookSummary, type WebhookUpdate } from '@brigade/core/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Changes URL, events, language, or turns the endpoint on or off. */
export async function updateWebhook({ id, ...changes }: WebhookUpdate & { id: string }): Promise<WebhookSummary> {
  return WebhookSummary.parse(
    await apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
  );
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
