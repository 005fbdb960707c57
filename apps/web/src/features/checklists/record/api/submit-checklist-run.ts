import { ChecklistRun } from '@brigade/core/schemas/checklists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checklistTodayQueryKey } from '../../../../lib/api/get-checklist-today';
import { apiRequest } from '../../../../lib/api-client';
import { checklistRunQueryKey } from './get-checklist-run';

/** Submits a record; 409 (`runSubmitted`) when someone else submitted it first. */
export async function submitChecklistRun(id: string): Promise<ChecklistRun> {
  return ChecklistRun.parse(
    await apiRequest(`/api/checklist-runs/${encodeURIComponent(id)}/submit`, { method: 'POST' }),
  );
}

/**
 * The answer replaces the cached record; on a 409 the record is fetched again, so the
 * page shows who submitted it and when. Today and the dashboards' counts change either way.
 */
export function useSubmitChecklistRun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitChecklistRun(id),
    onSuccess: (run) => queryClient.setQueryData(checklistRunQueryKey(id), run),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistRunQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: checklistTodayQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboards'] }),
      ]),
  });
}
