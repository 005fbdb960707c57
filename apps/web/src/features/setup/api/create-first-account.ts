import { type CreateFirstAccount, FirstRunStatus } from '@brigade/core/schemas/session';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Creates the head office account; the server refuses (409) once any account exists. */
export async function createFirstAccount(input: CreateFirstAccount): Promise<FirstRunStatus> {
  return FirstRunStatus.parse(await apiRequest('/api/setup', { method: 'POST', body: input }));
}

export function useCreateFirstAccount() {
  return useMutation({ mutationFn: createFirstAccount });
}
