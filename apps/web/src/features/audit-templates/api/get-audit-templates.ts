import { type AuditTemplateSort, AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import type { SortOrder } from '@brigade/core/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every template query starts with this key; a change invalidates all of them, including
 * the audit form's template choices, which live under the same key.
 */
export const auditTemplatesQueryKey = ['audit-templates'] as const;

export interface AuditTemplateListParams {
  sort: AuditTemplateSort;
  order: SortOrder;
}

export function auditTemplateListQueryKey(params: AuditTemplateListParams) {
  return [...auditTemplatesQueryKey, 'list', { sort: params.sort, order: params.order }] as const;
}

/** Every template with its item count, sorted on the server. */
export async function fetchAuditTemplates(
  params: AuditTemplateListParams,
  signal?: AbortSignal,
): Promise<AuditTemplateSummary[]> {
  const query = new URLSearchParams({ sort: params.sort, order: params.order });
  return z.array(AuditTemplateSummary).parse(await apiRequest(`/api/audit-templates?${query}`, { signal }));
}

export function auditTemplateListQuery(params: AuditTemplateListParams) {
  return queryOptions({
    queryKey: auditTemplateListQueryKey(params),
    queryFn: ({ signal }) => fetchAuditTemplates(params, signal),
    // A new sort keeps the old rows until the new order arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAuditTemplates(params: AuditTemplateListParams) {
  return useQuery(auditTemplateListQuery(params));
}
