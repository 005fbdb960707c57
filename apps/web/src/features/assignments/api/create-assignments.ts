import { AssignmentsCreated, type CreateAssignments } from '@brigade/core/schemas/assignments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assignmentDependentKeys, assignmentsQueryKey } from './get-assignment-overview';

/**
 * Assigns every chosen training to every chosen person in one statement; pairs that
 * exist already are skipped and counted (core §5 duplicates).
 */
export async function createAssignments(input: CreateAssignments): Promise<AssignmentsCreated> {
  return AssignmentsCreated.parse(await apiRequest('/api/training-assignments', { method: 'POST', body: input }));
}

export function useCreateAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignments,
    onSuccess: () => {
      for (const queryKey of assignmentDependentKeys) void queryClient.invalidateQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
    },
  });
}
