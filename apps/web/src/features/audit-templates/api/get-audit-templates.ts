import { AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every template query starts with this key; a change invalidates all of them, including
 * the audit form's template choices, which live under the same key.
 */
export const auditTemplatesQueryKey = ['audit-templates'] as const;

export const auditTemplateListQueryKey = [...auditTemplatesQueryKey, 'list'] as const;

/** Every template by name with its item count. */
export async function fetchAuditTemplates(signal?: AbortSignal): Promise<AuditTemplateSummary[]> {
  return z.array(AuditTemplateSummary).parse(await apiRequest('/api/audit-templates', { signal }));
}

export const auditTemplateListQuery = queryOptions({
  queryKey: auditTemplateListQueryKey,
  queryFn: ({ signal }) => fetchAuditTemplates(signal),
});

export function useAuditTemplates() {
  return useQuery(auditTemplateListQuery);
}
