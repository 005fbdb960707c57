import { Passkey } from '@brigade/core/schemas/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeysQueryKey } from './list-passkeys';

export async function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return Passkey.parse(await apiRequest(`/api/profile/passkeys/${id}`, { method: 'PATCH', body: { name } }));
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
