import { ActionDetail, type CreateAction } from '@brigade/core/schemas/corrective-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditQueryKey } from './get-audit';

/** hq adds a corrective action from an item of a completed audit (due date and owners as on submit). */
export async function addAction(input: CreateAction): Promise<ActionDetail> {
  return ActionDetail.parse(await apiRequest('/api/actions', { method: 'POST', body: input }));
}

export function useAddAction(auditId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auditQueryKey(auditId) }),
        queryClient.invalidateQueries({ queryKey: ['actions'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboards'] }),
      ]),
  });
}
