import { SsoProviderOption } from '@brigade/core/schemas/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The identity providers Sign In offers a button for (public). */
export async function fetchSsoProviders(signal?: AbortSignal): Promise<SsoProviderOption[]> {
  return z.array(SsoProviderOption).parse(await apiRequest('/api/sso/providers', { signal }));
}

export const ssoProvidersQuery = queryOptions({
  queryKey: ['sso', 'providers'] as const,
  queryFn: ({ signal }) => fetchSsoProviders(signal),
});

export function useSsoProviders() {
  return useQuery(ssoProvidersQuery);
}
