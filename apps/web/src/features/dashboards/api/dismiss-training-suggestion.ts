import { TrainingSuggestion } from '@brigade/core/schemas/training-suggestions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trainingSuggestionsQueryKey } from './get-training-suggestions';

export async function dismissTrainingSuggestion(id: string): Promise<TrainingSuggestion> {
  return TrainingSuggestion.parse(
    await apiRequest(`/api/training-suggestions/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
  );
}

export function useDismissTrainingSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissTrainingSuggestion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingSuggestionsQueryKey }),
  });
}
