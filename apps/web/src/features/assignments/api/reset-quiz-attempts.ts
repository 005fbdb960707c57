import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { assignmentDependentKeys, assignmentsQueryKey } from './get-assignment-overview';

const Reset = z.object({ attemptsRemoved: z.number().int() });
type Reset = z.infer<typeof Reset>;

/**
 * Removes the person's attempts at the assignment's training quiz (the spec's
 * reset_quiz_attempt); the server keeps a record of who reset what and when.
 */
export async function resetQuizAttempts(assignmentId: string): Promise<Reset> {
  return Reset.parse(
    await apiRequest(`/api/training-assignments/${encodeURIComponent(assignmentId)}/reset-quiz`, { method: 'POST' }),
  );
}

export function useResetQuizAttempts(callbacks: MutationCallbacks<Reset, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetQuizAttempts,
    onSuccess: (data, id) => {
      callbacks.onSuccess?.(data, id);
      for (const queryKey of assignmentDependentKeys) void queryClient.invalidateQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
