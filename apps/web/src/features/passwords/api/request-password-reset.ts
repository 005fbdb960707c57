import type { RequestPasswordReset } from '@brigade/core/schemas/passwords';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Asks for a reset link; the answer is the same whether or not an account uses the email. */
export async function requestPasswordReset(input: RequestPasswordReset): Promise<{ message: string }> {
  return apiRequest('/api/auth/request-password-reset', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
