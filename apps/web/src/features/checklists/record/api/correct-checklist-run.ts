import type { ChecklistValue } from '@brigade/core/checklist-items';
import { ChecklistRun } from '@brigade/core/schemas/checklists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { checklistRunQueryKey } from './get-checklist-run';

export interface Correction {
  itemId: string;
  value: ChecklistValue;
  reason: string;
}

/** A manager's or hq's correction of a submitted record: the new value and a required reason. */
export async function correctChecklistRun(id: string, correction: Correction): Promise<ChecklistRun> {
  return ChecklistRun.parse(
    await apiRequest(`/api/checklist-runs/${encodeURIComponent(id)}/corrections`, {
      method: 'POST',
      body: correction,
    }),
  );
}

export function useCorrectChecklistRun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: Correction) => correctChecklistRun(id, correction),
    onSuccess: (run) => {
      queryClient.setQueryData(checklistRunQueryKey(id), run);
      // A correction may open or settle a failure: the dashboards' and actions' figures.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboards'] }),
        queryClient.invalidateQueries({ queryKey: ['actions'] }),
      ]);
    },
  });
}
