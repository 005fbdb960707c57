import { ScimTokenList } from '@brigade/core/schemas/scim';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const scimTokensQueryKey = ['scim-tokens'] as const;

/** hq's SCIM tokens (never the tokens themselves), newest first, and the endpoint to give the provider. */
export async function fetchScimTokens(signal?: AbortSignal): Promise<ScimTokenList> {
  return ScimTokenList.parse(await apiRequest('/api/scim/tokens', { signal }));
}

export const scimTokensQuery = queryOptions({
  queryKey: scimTokensQueryKey,
  queryFn: ({ signal }) => fetchScimTokens(signal),
});

export function useScimTokens() {
  return useQuery(scimTokensQuery);
}
