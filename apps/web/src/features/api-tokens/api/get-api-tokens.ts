import { ApiTokenList } from '@brigade/core/schemas/api-tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const apiTokensQueryKey = ['api-tokens'] as const;

/** hq's API tokens (never the tokens themselves), newest first, revoked and expired ones too. */
export async function fetchApiTokens(signal?: AbortSignal): Promise<ApiTokenList> {
  return ApiTokenList.parse(await apiRequest('/api/api-tokens', { signal }));
}

export const apiTokensQuery = queryOptions({
  queryKey: apiTokensQueryKey,
  queryFn: ({ signal }) => fetchApiTokens(signal),
});

export function useApiTokens() {
  return useQuery(apiTokensQuery);
}
