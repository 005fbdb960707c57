import { type SaveUserInput, StaffMember } from '@brigade/core/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

/**
 * Adds a person (no `id`) or edits one (`id`), like the spec's create-user function.
 * When editing, a blank password keeps the current one.
 */
export async function saveUser(input: SaveUserInput): Promise<StaffMember> {
  return StaffMember.parse(await apiRequest('/api/users', { method: 'POST', body: input }));
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
