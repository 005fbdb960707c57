import type { ChangePassword } from '@brigade/core/schemas/passwords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/session/get-me';

/** The signed-in person chooses their own password (required after a temporary one). */
export async function changePassword(input: ChangePassword): Promise<void> {
  await apiRequest('/api/password', { method: 'PUT', body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // `me` says the password no longer needs changing: the gate then shows the app.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
