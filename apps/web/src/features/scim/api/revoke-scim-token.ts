import { ScimTokenSummary } from '@brigade/core/schemas/scim';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { scimTokensQueryKey } from './get-scim-tokens';

/** Revokes a token: the provider's next call with it is refused, on every server. */
export async function revokeScimToken(id: string): Promise<ScimTokenSummary> {
  return ScimTokenSummary.parse(
    await apiRequest(`/api/scim/tokens/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} }),
  );
}

export function useRevokeScimToken(callbacks: MutationCallbacks<ScimTokenSummary, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeScimToken,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: scimTokensQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
