import { AuditDetail } from '@brigade/core/schemas/audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The audit as GET /api/audits/{id} sends it: items with their photos and corrective actions. */
export type AuditReport = AuditDetail;
export type AuditReportItem = AuditReport['items'][number];
export type ReportAction = AuditReportItem['actions'][number];

export function auditReportQueryKey(id: string) {
  return ['audits', 'report', id] as const;
}

export async function fetchAuditReport(id: string, signal?: AbortSignal): Promise<AuditReport> {
  const audit = AuditDetail.parse(await apiRequest(`/api/audits/${encodeURIComponent(id)}`, { signal }));
  return { ...audit, items: [...audit.items].sort((a, b) => a.orderNum - b.orderNum) };
}

export function useAuditReport(id: string) {
  return useQuery(
    queryOptions({
      queryKey: auditReportQueryKey(id),
      queryFn: ({ signal }) => fetchAuditReport(id, signal),
      refetchOnWindowFocus: false,
    }),
  );
}
