import { ChecklistSummary } from '@brigade/core/schemas/checklists';
import { apiRequest } from '../../../../lib/api-client';
import type { MutationCallbacks } from '../../../../lib/mutation-callbacks';
import { useChecklistMutation } from './checklist-mutation';

interface OptOut {
  id: string;
  restaurantId: string;
  optedOut: boolean;
}

/** Switches an unlocked chain template off (or on again) at one of the manager's restaurants. */
export async function setChecklistOptOut({ id, restaurantId, optedOut }: OptOut): Promise<ChecklistSummary> {
  return ChecklistSummary.parse(
    await apiRequest(`/api/checklists/${encodeURIComponent(id)}/opt-out`, {
      method: 'PUT',
      body: { restaurantId, optedOut },
    }),
  );
}

export function useSetChecklistOptOut(callbacks: MutationCallbacks<ChecklistSummary, OptOut> = {}) {
  return useChecklistMutation(setChecklistOptOut, callbacks);
}
