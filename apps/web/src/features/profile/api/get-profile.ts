import { Profile } from '@brigade/core/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const profileQueryKey = ['profile'] as const;

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return Profile.parse(await apiRequest('/api/profile', { signal }));
}

export const profileQuery = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => fetchProfile(signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}
