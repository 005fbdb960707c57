import { WebhookWithSecret } from '@brigade/core/schemas/webhooks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A new signing secret, shown this once; the old one stops signing at once. */
export async function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return WebhookWithSecret.parse(
    await apiRequest(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, { method: 'POST', body: {} }),
  );
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}
