import type {
  ActionDetail as ActionDetailType,
  ChangeActionDue,
  ReassignAction,
  ReopenAction,
  ResolveAction,
} from '@brigade/core/schemas/corrective-actions';
import { ActionDetail } from '@brigade/core/schemas/corrective-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionQueryKey } from './get-action';
import { actionsQueryKey } from './get-actions';

/**
 * Every change to an action (resolve, reopen, reassign, due date): each sends the version
 * read, and answers the action as it now is, which replaces the cached detail. Lists and
 * the dashboards' counts are invalidated, since a resolved action leaves "open".
 */
export type ActionChange =
  | { kind: 'resolve'; body: ResolveAction }
  | { kind: 'reopen'; body: ReopenAction }
  | { kind: 'owners'; body: ReassignAction }
  | { kind: 'due'; body: ChangeActionDue };

const endpoints = {
  resolve: { method: 'POST', path: 'resolve' },
  reopen: { method: 'POST', path: 'reopen' },
  owners: { method: 'PUT', path: 'owners' },
  due: { method: 'PUT', path: 'due' },
} as const;

export async function changeAction(id: string, change: ActionChange): Promise<ActionDetailType> {
  const { method, path } = endpoints[change.kind];
  return ActionDetail.parse(
    await apiRequest(`/api/actions/${encodeURIComponent(id)}/${path}`, { method, body: change.body }),
  );
}

export function useChangeAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ActionChange) => changeAction(id, change),
    onSuccess: async (action) => {
      queryClient.setQueryData(actionQueryKey(id), action);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: actionsQueryKey,
          predicate: (query) => query.queryKey[1] === 'list',
        }),
        queryClient.invalidateQueries({ queryKey: ['dashboards'] }),
        queryClient.invalidateQueries({ queryKey: ['store-performance'] }),
        queryClient.invalidateQueries({ queryKey: ['audits'] }),
      ]);
    },
  });
}
