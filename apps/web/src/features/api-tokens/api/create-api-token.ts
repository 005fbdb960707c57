import { ApiTokenCreated, type ApiTokenInput } from '@brigade/core/schemas/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

/** A new token: the answer carries the token itself, this once. */
export async function createApiToken(input: ApiTokenInput): Promise<ApiTokenCreated> {
  return ApiTokenCreated.parse(await apiRequest('/api/api-tokens', { method: 'POST', body: input }));
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
