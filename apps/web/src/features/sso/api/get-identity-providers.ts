import { IdentityProvider } from '@brigade/core/schemas/sso';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const identityProvidersQueryKey = ['sso', 'identity-providers'] as const;

/** Every identity provider, the OIDC_* one first (hq); client secrets never come back. */
export async function fetchIdentityProviders(signal?: AbortSignal): Promise<IdentityProvider[]> {
  return z.array(IdentityProvider).parse(await apiRequest('/api/identity-providers', { signal }));
}

export const identityProvidersQuery = queryOptions({
  queryKey: identityProvidersQueryKey,
  queryFn: ({ signal }) => fetchIdentityProviders(signal),
});

export function useIdentityProviders() {
  return useQuery(identityProvidersQuery);
}
