import { Checklist } from '@brigade/core/schemas/checklists';
import { apiRequest } from '../../../../lib/api-client';
import type { MutationCallbacks } from '../../../../lib/mutation-callbacks';
import { useChecklistMutation } from './checklist-mutation';

interface SetActive {
  id: string;
  isActive: boolean;
}

/** Activates or deactivates a checklist (an inactive one makes no records). */
export async function setChecklistActive({ id, isActive }: SetActive): Promise<Checklist> {
  return Checklist.parse(
    await apiRequest(`/api/checklists/${encodeURIComponent(id)}/active`, { method: 'PUT', body: { isActive } }),
  );
}

export function useSetChecklistActive(callbacks: MutationCallbacks<Checklist, SetActive> = {}) {
  return useChecklistMutation(setChecklistActive, callbacks);
}
