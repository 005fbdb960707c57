import { Checklist } from '@brigade/core/schemas/checklists';
import { apiRequest } from '../../../../lib/api-client';
import type { MutationCallbacks } from '../../../../lib/mutation-callbacks';
import { useChecklistMutation } from './checklist-mutation';

interface Copy {
  id: string;
  restaurantId: string;
}

/** A local copy of an unlocked chain template at the manager's restaurant; the template goes off there. */
export async function copyChecklist({ id, restaurantId }: Copy): Promise<Checklist> {
  return Checklist.parse(
    await apiRequest(`/api/checklists/${encodeURIComponent(id)}/copy`, { method: 'POST', body: { restaurantId } }),
  );
}

export function useCopyChecklist(callbacks: MutationCallbacks<Checklist, Copy> = {}) {
  return useChecklistMutation(copyChecklist, callbacks);
}
