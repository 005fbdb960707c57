import { AuditDuePage, type AuditDueQuery } from '@brigade/core/schemas/audit-schedules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const dueAuditsQueryKey = ['audit-due'] as const;

/** One page of due audits: due this week, missed, or all open ones; of one restaurant or the chain. */
export async function fetchDueAudits(query: AuditDueQuery, signal?: AbortSignal): Promise<AuditDuePage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return AuditDuePage.parse(await apiRequest(`/api/audit-due?${params}`, { signal }));
}

export function dueAuditsQuery(query: AuditDueQuery) {
  return queryOptions({
    queryKey: [...dueAuditsQueryKey, query],
    queryFn: ({ signal }) => fetchDueAudits(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDueAudits(query: AuditDueQuery) {
  return useQuery(dueAuditsQuery(query));
}
