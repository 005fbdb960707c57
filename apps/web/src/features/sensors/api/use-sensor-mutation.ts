import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { sensorsQueryKey } from './get-sensor-devices';

/** A change to one device (`id`): the hook's callbacks run even if its card has gone, then every sensor query refreshes. */
export function useSensorMutation<TData>(
  mutationFn: (id: string) => Promise<TData>,
  callbacks: MutationCallbacks<TData, string>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      return queryClient.invalidateQueries({ queryKey: sensorsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
