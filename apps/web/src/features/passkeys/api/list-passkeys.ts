import { PasskeyList } from '@brigade/core/schemas/passkeys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const passkeysQueryKey = ['profile', 'passkeys'] as const;

/** My passkeys, oldest first. */
export async function fetchPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return PasskeyList.parse(await apiRequest('/api/profile/passkeys', { signal }));
}

export const passkeysQuery = queryOptions({
  queryKey: passkeysQueryKey,
  queryFn: ({ signal }) => fetchPasskeys(signal),
});

export function usePasskeys() {
  return useQuery(passkeysQuery);
}
