import { AuditDueEntry } from '@brigade/core/schemas/audit-schedules';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The due audit a new audit conducts (/audits/create?due=…): its restaurant and templates fill the form. */
export async function fetchDueEntry(id: string, signal?: AbortSignal): Promise<AuditDueEntry> {
  return AuditDueEntry.parse(await apiRequest(`/api/audit-due/${encodeURIComponent(id)}`, { signal }));
}

export function useDueEntry(id: string | null) {
  return useQuery({
    queryKey: ['audit-due', 'entry', id],
    queryFn: ({ signal }) => fetchDueEntry(id ?? '', signal),
    enabled: id !== null,
  });
}
