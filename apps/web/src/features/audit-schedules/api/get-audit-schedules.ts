import { AuditSchedule, type AuditScheduleSort } from '@brigade/core/schemas/audit-schedules';
import type { SortOrder } from '@brigade/core/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Every schedule query starts with this key. */
export const auditSchedulesQueryKey = ['audit-schedules'] as const;

export interface AuditScheduleListParams {
  sort: AuditScheduleSort;
  order: SortOrder;
}

/** Every schedule with its templates, restaurants and next period, sorted on the server. */
export async function fetchAuditSchedules(
  params: AuditScheduleListParams,
  signal?: AbortSignal,
): Promise<AuditSchedule[]> {
  const query = new URLSearchParams({ sort: params.sort, order: params.order });
  return z.array(AuditSchedule).parse(await apiRequest(`/api/audit-schedules?${query}`, { signal }));
}

export function auditSchedulesQuery(params: AuditScheduleListParams) {
  return queryOptions({
    queryKey: [...auditSchedulesQueryKey, 'list', { sort: params.sort, order: params.order }],
    queryFn: ({ signal }) => fetchAuditSchedules(params, signal),
    // A new sort keeps the old cards until the new order arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAuditSchedules(params: AuditScheduleListParams) {
  return useQuery(auditSchedulesQuery(params));
}
