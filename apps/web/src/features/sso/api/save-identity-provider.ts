import { IdentityProvider, type IdentityProviderInput } from '@brigade/core/schemas/sso';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Adds a provider (no id) or changes one; a blank client secret keeps the stored one. */
export async function saveIdentityProvider({
  id,
  input,
}: {
  id?: string;
  input: IdentityProviderInput;
}): Promise<IdentityProvider> {
  const saved = await apiRequest(id ? `/api/identity-providers/${id}` : '/api/identity-providers', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });
  return IdentityProvider.parse(saved);
}

export function useSaveIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIdentityProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sso'] }),
  });
}
