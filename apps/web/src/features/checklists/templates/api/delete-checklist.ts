import { apiRequest } from '../../../../lib/api-client';
import type { MutationCallbacks } from '../../../../lib/mutation-callbacks';
import { useChecklistMutation } from './checklist-mutation';

/** Deletes a checklist without records; one with records is refused (409): deactivate it instead. */
export async function deleteChecklist(id: string): Promise<void> {
  await apiRequest(`/api/checklists/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteChecklist(callbacks: MutationCallbacks<void, string> = {}) {
  return useChecklistMutation(deleteChecklist, callbacks);
}
