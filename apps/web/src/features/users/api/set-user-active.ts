import { StaffMember } from '@brigade/core/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { staffQueryKey } from './get-staff';

export interface SetUserActiveVariables {
  id: string;
  isActive: boolean;
}

/** The power button (core-operations §4). Deactivating ends that person's sessions. */
export async function setUserActive({ id, isActive }: SetUserActiveVariables): Promise<StaffMember> {
  return StaffMember.parse(
    await apiRequest(`/api/users/${encodeURIComponent(id)}/active`, { method: 'PATCH', body: { isActive } }),
  );
}

export function useSetUserActive(callbacks: MutationCallbacks<StaffMember, SetUserActiveVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: staffQueryKey });
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
