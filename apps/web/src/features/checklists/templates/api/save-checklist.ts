import { Checklist, type ChecklistInput } from '@brigade/core/schemas/checklists';
import { apiRequest } from '../../../../lib/api-client';
import { useChecklistMutation } from './checklist-mutation';

export interface SaveChecklistVariables {
  /** Absent: a new checklist. */
  id?: string;
  /** Kept sections, items and windows carry their ids; new ones have ids made in the browser (windows none). */
  input: ChecklistInput;
}

/** Creates (POST) or saves (PUT) a checklist; the server adds a version when the content changed. */
export async function saveChecklist({ id, input }: SaveChecklistVariables): Promise<Checklist> {
  const path = id ? `/api/checklists/${encodeURIComponent(id)}` : '/api/checklists';
  return Checklist.parse(await apiRequest(path, { method: id ? 'PUT' : 'POST', body: input }));
}

export function useSaveChecklist() {
  return useChecklistMutation(saveChecklist);
}
