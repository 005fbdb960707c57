import { ApiTokenSummary } from '@brigade/core/schemas/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { apiTokensQueryKey } from './get-api-tokens';

/** Revokes a token: its next call is refused, on every server. */
export async function revokeApiToken(id: string): Promise<ApiTokenSummary> {
  return ApiTokenSummary.parse(
    await apiRequest(`/api/api-tokens/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} }),
  );
}

export function useRevokeApiToken(callbacks: MutationCallbacks<ApiTokenSummary, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
