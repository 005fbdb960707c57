import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Removes a provider: its button leaves Sign In; the people linked keep their accounts. */
export async function deleteIdentityProvider(id: string): Promise<void> {
  await apiRequest(`/api/identity-providers/${id}`, { method: 'DELETE' });
}

export function useDeleteIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentityProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sso'] }),
  });
}
