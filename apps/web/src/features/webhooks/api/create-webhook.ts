import { type WebhookInput, WebhookWithSecret } from '@brigade/core/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** A new endpoint: a standard one's answer carries its signing secret, this once. */
export async function createWebhook(input: WebhookInput): Promise<WebhookWithSecret> {
  return WebhookWithSecret.parse(await apiRequest('/api/webhooks', { method: 'POST', body: input }));
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
