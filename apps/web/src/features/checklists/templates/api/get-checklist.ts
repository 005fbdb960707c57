import { Checklist } from '@brigade/core/schemas/checklists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { checklistTemplatesQueryKey } from './get-checklists';

export function checklistQueryKey(id: string) {
  return [...checklistTemplatesQueryKey, 'detail', id] as const;
}

/** One checklist with its current version's sections and items and its windows. */
export async function fetchChecklist(id: string, signal?: AbortSignal): Promise<Checklist> {
  return Checklist.parse(await apiRequest(`/api/checklists/${encodeURIComponent(id)}`, { signal }));
}

export function useChecklist(id: string) {
  return useQuery(
    queryOptions({
      queryKey: checklistQueryKey(id),
      queryFn: ({ signal }) => fetchChecklist(id, signal),
      // The edit form starts from what is stored now, not from a copy read minutes ago.
      staleTime: 0,
    }),
  );
}
