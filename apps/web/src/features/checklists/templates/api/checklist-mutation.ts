import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checklistTodayQueryKey } from '../../../../lib/api/get-checklist-today';
import { dashboardsQueryKey } from '../../../../lib/api/query-keys';
import type { MutationCallbacks } from '../../../../lib/mutation-callbacks';
import { checklistTemplatesQueryKey } from './get-checklists';

/**
 * A change to a checklist: its callbacks run even when the row that started it has gone
 * (a deleted checklist), and it refreshes what the change alters, the lists, what a
 * restaurant has to do today and the dashboards that count it.
 */
export function useChecklistMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  callbacks: MutationCallbacks<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      callbacks.onSuccess?.(data, variables);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistTemplatesQueryKey }),
        queryClient.invalidateQueries({ queryKey: checklistTodayQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardsQueryKey }),
      ]);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
