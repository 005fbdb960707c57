import { AuditSchedule } from '@brigade/core/schemas/audit-schedules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Every schedule query starts with this key. */
export const auditSchedulesQueryKey = ['audit-schedules'] as const;

/** Every schedule with its templates, restaurants and next period. */
export async function fetchAuditSchedules(signal?: AbortSignal): Promise<AuditSchedule[]> {
  return z.array(AuditSchedule).parse(await apiRequest('/api/audit-schedules', { signal }));
}

export const auditSchedulesQuery = queryOptions({
  queryKey: [...auditSchedulesQueryKey, 'list'],
  queryFn: ({ signal }) => fetchAuditSchedules(signal),
});

export function useAuditSchedules() {
  return useQuery(auditSchedulesQuery);
}
