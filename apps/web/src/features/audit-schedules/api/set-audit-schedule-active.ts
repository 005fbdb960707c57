import { AuditSchedule } from '@brigade/core/schemas/audit-schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { invalidateSchedules } from './invalidate-schedules';

interface SetActive {
  id: string;
  isActive: boolean;
}

/** Activates or deactivates a schedule (a deactivated one makes nothing due). */
export async function setAuditScheduleActive({ id, isActive }: SetActive) {
  return AuditSchedule.parse(
    await apiRequest(`/api/audit-schedules/${encodeURIComponent(id)}/active`, { method: 'PUT', body: { isActive } }),
  );
}

export function useSetAuditScheduleActive(callbacks: MutationCallbacks<AuditSchedule, SetActive> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAuditScheduleActive,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return invalidateSchedules(queryClient);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
