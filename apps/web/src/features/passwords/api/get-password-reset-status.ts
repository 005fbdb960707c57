import { PasswordResetStatus } from '@brigade/core/schemas/passwords';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whether a forgotten password can be reset by email here (SMTP is configured). */
export async function fetchPasswordResetStatus(signal?: AbortSignal): Promise<PasswordResetStatus> {
  return PasswordResetStatus.parse(await apiRequest('/api/password-reset', { signal }));
}

export const passwordResetStatusQuery = queryOptions({
  queryKey: ['password-reset'] as const,
  queryFn: ({ signal }) => fetchPasswordResetStatus(signal),
  meta: { survivesSignOut: true },
});

export function usePasswordResetStatus() {
  return useQuery(passwordResetStatusQuery);
}
