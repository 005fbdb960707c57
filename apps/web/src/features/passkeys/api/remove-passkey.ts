import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeysQueryKey } from './list-passkeys';

/** Removes one of my passkeys: it signs in no more (the authenticator may keep it until removed there too). */
export async function removePasskey(id: string): Promise<void> {
  await apiRequest(`/api/profile/passkeys/${id}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
