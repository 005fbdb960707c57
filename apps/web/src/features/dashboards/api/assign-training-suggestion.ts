import { SuggestionAssigned } from '@brigade/core/schemas/training-suggestions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { trainingSuggestionsQueryKey } from './get-training-suggestions';

/** One click: the suggested training goes to the restaurant's staff, due in 7 days; pairs that exist are skipped. */
export async function assignTrainingSuggestion(id: string): Promise<SuggestionAssigned> {
  return SuggestionAssigned.parse(
    await apiRequest(`/api/training-suggestions/${encodeURIComponent(id)}/assign`, { method: 'POST', body: {} }),
  );
}

export function useAssignTrainingSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTrainingSuggestion,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardsQueryKey });
      return queryClient.invalidateQueries({ queryKey: trainingSuggestionsQueryKey });
    },
  });
}
