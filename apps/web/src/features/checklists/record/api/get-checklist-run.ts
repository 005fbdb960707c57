import { ChecklistRun } from '@brigade/core/schemas/checklists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export const checklistRunsQueryKey = ['checklist-runs'] as const;

export function checklistRunQueryKey(id: string) {
  return [...checklistRunsQueryKey, id] as const;
}

/** One record: its version's items, the values with who entered them, corrections, photos and actions. */
export async function fetchChecklistRun(id: string, signal?: AbortSignal): Promise<ChecklistRun> {
  return ChecklistRun.parse(await apiRequest(`/api/checklist-runs/${encodeURIComponent(id)}`, { signal }));
}

export function checklistRunQuery(id: string) {
  return queryOptions({
    queryKey: checklistRunQueryKey(id),
    queryFn: ({ signal }) => fetchChecklistRun(id, signal),
    // Someone else may submit it meanwhile: coming back to the page asks again.
    refetchOnWindowFocus: 'always',
    // Opened again, the stored record is asked for even when a copy kept on the device (issue
    // 34) looks fresh: the form starts from the values as stored (see ChecklistRunPage).
    refetchOnMount: 'always',
  });
}

export function useChecklistRun(id: string) {
  return useQuery(checklistRunQuery(id));
}
