import { AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Under the templates key on purpose: a template added, renamed or deleted refreshes these choices. */
export const scheduleTemplateOptionsQueryKey = ['audit-templates', 'options'] as const;

/** The templates a schedule can name. */
export async function fetchScheduleTemplateOptions(signal?: AbortSignal): Promise<AuditTemplateSummary[]> {
  return z.array(AuditTemplateSummary).parse(await apiRequest('/api/audit-templates', { signal }));
}

export function useScheduleTemplateOptions() {
  return useQuery(
    queryOptions({
      queryKey: scheduleTemplateOptionsQueryKey,
      queryFn: ({ signal }) => fetchScheduleTemplateOptions(signal),
    }),
  );
}
