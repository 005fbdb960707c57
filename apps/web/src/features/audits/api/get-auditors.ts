import { PersonRef } from '@brigade/core/schemas/audits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { auditsQueryKey } from './get-audits';

export const auditorsQueryKey = [...auditsQueryKey, 'auditors'] as const;

/** Who may audit: active hq users by name (core-operations §6). */
export async function fetchAuditors(signal?: AbortSignal): Promise<z.infer<typeof PersonRef>[]> {
  return z.array(PersonRef).parse(await apiRequest('/api/audits/auditors', { signal }));
}

export const auditorsQuery = queryOptions({
  queryKey: auditorsQueryKey,
  queryFn: ({ signal }) => fetchAuditors(signal),
});

export function useAuditors() {
  return useQuery(auditorsQuery);
}
