import type { QueryClient } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { auditSchedulesQueryKey } from './get-audit-schedules';
import { dueAuditsQueryKey } from './get-due-audits';

/** A schedule change changes what is due: the schedules, the due lists and the dashboards' panels. */
export function invalidateSchedules(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: auditSchedulesQueryKey }),
    queryClient.invalidateQueries({ queryKey: dueAuditsQueryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardsQueryKey }),
  ]);
}
