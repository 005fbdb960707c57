import { FoodSafetySignOff, type SignOffInput } from '@brigade/core/schemas/food-safety-log';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { foodSafetyLogQueryKey } from './get-food-safety-log';

/** Signs a restaurant's log off for a day or a week: the signer's name and the time go on the log. */
export async function signOffLog(input: SignOffInput): Promise<FoodSafetySignOff> {
  return FoodSafetySignOff.parse(await apiRequest('/api/food-safety-log/sign-offs', { method: 'POST', body: input }));
}

export function useSignOffLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOffLog,
    // Every period of the restaurant that shows the day (its day, week and month) reads it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: foodSafetyLogQueryKey }),
  });
}
