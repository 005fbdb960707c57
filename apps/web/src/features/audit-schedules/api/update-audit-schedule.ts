import { AuditSchedule, type AuditScheduleInput } from '@brigade/core/schemas/audit-schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSchedules } from './invalidate-schedules';

/** Edits a schedule; audits still due and not started follow the change, missed and completed ones stay. */
export async function updateAuditSchedule({ id, input }: { id: string; input: AuditScheduleInput }) {
  return AuditSchedule.parse(
    await apiRequest(`/api/audit-schedules/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateAuditSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAuditSchedule, onSuccess: () => invalidateSchedules(queryClient) });
}
