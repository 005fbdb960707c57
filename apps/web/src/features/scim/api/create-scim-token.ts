import { ScimTokenCreated, type ScimTokenInput } from '@brigade/core/schemas/scim';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scimTokensQueryKey } from './get-scim-tokens';

/** A new token: the answer carries the token itself, this once. */
export async function createScimToken(input: ScimTokenInput): Promise<ScimTokenCreated> {
  return ScimTokenCreated.parse(await apiRequest('/api/scim/tokens', { method: 'POST', body: input }));
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensQueryKey }),
  });
}
