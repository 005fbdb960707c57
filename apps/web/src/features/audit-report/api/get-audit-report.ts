import { AuditDetail, AuditItem } from '@brigade/core/schemas/audits';
import { PhotoRef } from '@brigade/core/schemas/photos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * A corrective action as the report shows it. Only what the report needs is read, and
 * leniently: owners as names or people, an `overdue` flag when the server sends one.
 */
const ReportAction = z.object({
  id: z.string(),
  status: z.enum(['open', 'resolved']),
  dueOn: z.string().optional(),
  overdue: z.boolean().optional(),
  owners: z.array(z.union([z.string(), z.object({ name: z.string() })])).optional(),
  resolutionNote: z.string().nullable().optional(),
});
export type ReportAction = z.infer<typeof ReportAction>;

/**
 * The audit as GET /api/audits/{id} sends it. Each item's `photos` and `actions` are
 * shown when the server sends them; when absent (or in a shape not understood) they are
 * left out rather than failing the page.
 */
export const AuditReport = AuditDetail.extend({
  items: z.array(
    AuditItem.extend({
      photos: z.array(PhotoRef).optional().catch(undefined),
      actions: z.array(ReportAction).optional().catch(undefined),
    }),
  ),
});
export type AuditReport = z.infer<typeof AuditReport>;
export type AuditReportItem = AuditReport['items'][number];

export function auditReportQueryKey(id: string) {
  return ['audits', 'report', id] as const;
}

export async function fetchAuditReport(id: string, signal?: AbortSignal): Promise<AuditReport> {
  const audit = AuditReport.parse(await apiRequest(`/api/audits/${encodeURIComponent(id)}`, { signal }));
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
