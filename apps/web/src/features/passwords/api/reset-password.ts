import type { ResetPassword } from '@brigade/core/schemas/passwords';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Sets a new password with the emailed link's token; every session of the person ends. */
export async function resetPassword(input: ResetPassword): Promise<void> {
  await apiRequest('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
