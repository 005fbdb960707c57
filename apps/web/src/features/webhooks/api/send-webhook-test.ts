import { WebhookDelivery } from '@brigade/core/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Sends a webhook.test event to the endpoint now; the answer is its delivery. */
export async function sendWebhookTest(id: string) {
  return WebhookDelivery.parse(
    await apiRequest(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST', body: {} }),
  );
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
