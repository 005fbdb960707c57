import { AuditDetail } from '@brigade/core/schemas/audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditsQueryKey } from './get-audits';

export function auditQueryKey(id: string) {
  return [...auditsQueryKey, 'detail', id] as const;
}

/** One audit with its items in template order. */
export async function fetchAudit(id: string, signal?: AbortSignal): Promise<AuditDetail> {
  const audit = AuditDetail.parse(await apiRequest(`/api/audits/${encodeURIComponent(id)}`, { signal }));
  return { ...audit, items: [...audit.items].sort((a, b) => a.orderNum - b.orderNum) };
}

export function auditQuery(id: string) {
  return queryOptions({
    queryKey: auditQueryKey(id),
    queryFn: ({ signal }) => fetchAudit(id, signal),
    // The editor keeps its own values; a refetch on focus would only move the header under it.
    refetchOnWindowFocus: false,
    // Opened again, the stored audit is asked for even when a copy kept on the device (issue
    // 34) looks fresh: the editor starts from its version, and an old one only conflicts.
    refetchOnMount: 'always',
  });
}

export function useAudit(id: string) {
  return useQuery(auditQuery(id));
}
