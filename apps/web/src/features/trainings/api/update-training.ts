import { TrainingDetail, type TrainingInput } from '@brigade/core/schemas/trainings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesQueryKey, trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { trainingQueryKey } from './get-training';

export interface UpdateTrainingVariables {
  id: string;
  /** Kept videos carry their `id`, so who watched them stays recorded. */
  input: TrainingInput;
}

export async function updateTraining({ id, input }: UpdateTrainingVariables): Promise<TrainingDetail> {
  return TrainingDetail.parse(
    await apiRequest(`/api/trainings/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTraining,
    onSuccess: (training) => {
      queryClient.setQueryData(trainingQueryKey(training.id), training);
      void queryClient.invalidateQueries({ queryKey: quizzesQueryKey });
      return queryClient.invalidateQueries({ queryKey: [...trainingsQueryKey, 'list'] });
    },
  });
}
