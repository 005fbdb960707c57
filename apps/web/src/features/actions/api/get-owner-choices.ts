import { ActionOwner } from '@brigade/core/schemas/corrective-actions';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { actionsQueryKey } from './get-actions';

/** Who may own an action of the restaurant (hq's reassign form): active hq and its active managers. */
export async function fetchOwnerChoices(restaurantId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ restaurantId });
  return z.array(ActionOwner).parse(await apiRequest(`/api/actions/owner-choices?${query}`, { signal }));
}

export function useOwnerChoices(restaurantId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...actionsQueryKey, 'owner-choices', restaurantId],
    queryFn: ({ signal }) => fetchOwnerChoices(restaurantId, signal),
    enabled,
  });
}
