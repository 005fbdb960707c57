import { AuditSchedule, type AuditScheduleInput } from '@brigade/core/schemas/audit-schedules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSchedules } from './invalidate-schedules';

/** Adds a schedule; its current period's audits are due at once. */
export async function createAuditSchedule(input: AuditScheduleInput): Promise<AuditSchedule> {
  return AuditSchedule.parse(await apiRequest('/api/audit-schedules', { method: 'POST', body: input }));
}

export function useCreateAuditSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAuditSchedule, onSuccess: () => invalidateSchedules(queryClient) });
}
