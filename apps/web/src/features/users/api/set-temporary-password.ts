import type { SetTemporaryPassword } from '@brigade/core/schemas/passwords';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** hq sets a temporary password for someone; they must change it at their next sign-in. */
export async function setTemporaryPassword({ id, ...input }: SetTemporaryPassword & { id: string }): Promise<void> {
  await apiRequest(`/api/users/${id}/temporary-password`, { method: 'POST', body: input });
}

export function useSetTemporaryPassword() {
  return useMutation({ mutationFn: setTemporaryPassword });
}
