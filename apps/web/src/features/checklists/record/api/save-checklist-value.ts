import type { ChecklistValue } from '@brigade/core/checklist-items';
import { ChecklistRun } from '@brigade/core/schemas/checklists';
import { apiRequest } from '../../../../lib/api-client';

export interface SaveValue {
  runId: string;
  itemId: string;
  value: ChecklistValue;
  note: string | null;
}

/**
 * Saves one item's value (and its note) as it is entered; answers the record as it now
 * is. 400 names `value` when it does not fit the item; 409 when the record was
 * submitted meanwhile or is closed for good.
 */
export async function saveChecklistValue({ runId, itemId, value, note }: SaveValue): Promise<ChecklistRun> {
  return ChecklistRun.parse(
    await apiRequest(`/api/checklist-runs/${encodeURIComponent(runId)}/items/${encodeURIComponent(itemId)}`, {
      method: 'PUT',
      body: { value, note },
    }),
  );
}
