import { TrainingDetail, type TrainingInput } from '@brigade/core/schemas/trainings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quizzesQueryKey, trainingsQueryKey } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { trainingQueryKey } from './get-training';

export async function createTraining(input: TrainingInput): Promise<TrainingDetail> {
  return TrainingDetail.parse(await apiRequest('/api/trainings', { method: 'POST', body: input }));
}

export function useCreateTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTraining,
    onSuccess: (training) => {
      queryClient.setQueryData(trainingQueryKey(training.id), training);
      void queryClient.invalidateQueries({ queryKey: quizzesQueryKey });
      return queryClient.invalidateQueries({ queryKey: [...trainingsQueryKey, 'list'] });
    },
  });
}
