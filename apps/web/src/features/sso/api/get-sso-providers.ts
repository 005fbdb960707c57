import type { SsoProviderOption } from '@brigade/core/schemas/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The identity providers Sign In offers a button for (public). Not parsed again here: the
 * server checks its reply against SsoProviderOption, and zod would add 29 kB to Sign In's
 * download (as for the session check, lib/session/get-me.ts).
 */
export async function fetchSsoProviders(signal?: AbortSignal): Promise<SsoProviderOption[]> {
  return apiRequest<SsoProviderOption[]>('/api/sso/providers', { signal });
}

export const ssoProvidersQuery = queryOptions({
  queryKey: ['sso', 'providers'] as const,
  queryFn: ({ signal }) => fetchSsoProviders(signal),
});

export function useSsoProviders() {
  return useQuery(ssoProvidersQuery);
}
