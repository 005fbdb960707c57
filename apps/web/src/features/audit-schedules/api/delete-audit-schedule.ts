import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { invalidateSchedules } from './invalidate-schedules';

/** Deletes a schedule with its due entries; audits made from them stay. */
export async function deleteAuditSchedule(id: string): Promise<void> {
  await apiRequest(`/api/audit-schedules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAuditSchedule(callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuditSchedule,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return invalidateSchedules(queryClient);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
