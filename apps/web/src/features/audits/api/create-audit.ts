import type { CreateAudit } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { auditsQueryKey } from './get-audits';

const Created = z.object({ id: z.string() });

/** A new draft with every item of the chosen templates unmarked (core-operations §4). */
export async function createAudit(input: CreateAudit): Promise<{ id: string }> {
  return Created.parse(await apiRequest('/api/audits', { method: 'POST', body: input }));
}

export function useCreateAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditsQueryKey }),
  });
}
