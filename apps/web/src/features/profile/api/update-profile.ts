import { Profile, type UpdateProfileInput } from '@brigade/core/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/session/get-me';
import { profileQueryKey } from './get-profile';

/** Saves name and email; a blank password keeps the current one. */
export async function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return Profile.parse(await apiRequest('/api/profile', { method: 'PUT', body: input }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The sidebar shows the name and email from `me`.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
