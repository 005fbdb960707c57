import { WebhookDelivery } from '@brigade/core/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Sends one delivery again now (the same event id); the answer is how it went. */
export async function resendWebhookDelivery({ id, deliveryId }: { id: string; deliveryId: string }) {
  return WebhookDelivery.parse(
    await apiRequest(`/api/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
      method: 'POST',
      body: {},
    }),
  );
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
