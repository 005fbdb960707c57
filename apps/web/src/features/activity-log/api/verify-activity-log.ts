import { ActivityVerification } from '@brigade/core/activity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** hq's "Verify": the server recomputes every month's hash chain and names the first entry that no longer fits. */
export function useVerifyActivityLog() {
  return useMutation({
    mutationFn: async () =>
      ActivityVerification.parse(await apiRequest('/api/activity/verify', { method: 'POST', body: {} })),
  });
}
