import { AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the templates key on purpose: when hq adds, edits or deletes a template, the
 * templates feature invalidates `['audit-templates']` and these choices refresh too.
 */
export const templateOptionsQueryKey = ['audit-templates', 'options'] as const;

/** The templates a new audit can be built from, by name, with their item counts. */
export async function fetchTemplateOptions(signal?: AbortSignal): Promise<AuditTemplateSummary[]> {
  return z.array(AuditTemplateSummary).parse(await apiRequest('/api/audit-templates', { signal }));
}

export const templateOptionsQuery = queryOptions({
  queryKey: templateOptionsQueryKey,
  queryFn: ({ signal }) => fetchTemplateOptions(signal),
});

export function useTemplateOptions() {
  return useQuery(templateOptionsQuery);
}
