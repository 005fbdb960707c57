import { AuditTemplateDetail } from '@brigade/core/schemas/audit-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditTemplatesQueryKey } from './get-audit-templates';

export function auditTemplateQueryKey(id: string) {
  return [...auditTemplatesQueryKey, 'detail', id] as const;
}

/** One template with its items in display order. */
export async function fetchAuditTemplate(id: string, signal?: AbortSignal): Promise<AuditTemplateDetail> {
  const template = AuditTemplateDetail.parse(
    await apiRequest(`/api/audit-templates/${encodeURIComponent(id)}`, { signal }),
  );
  return { ...template, items: [...template.items].sort((a, b) => a.orderNum - b.orderNum) };
}

export function auditTemplateQuery(id: string) {
  return queryOptions({
    queryKey: auditTemplateQueryKey(id),
    queryFn: ({ signal }) => fetchAuditTemplate(id, signal),
    // The edit form starts from what is stored now, not from a copy read minutes ago.
    staleTime: 0,
  });
}

export function useAuditTemplate(id: string) {
  return useQuery(auditTemplateQuery(id));
}
