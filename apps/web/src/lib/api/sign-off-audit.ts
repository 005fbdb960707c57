import type { AuditSignOffInput } from '@brigade/core/schemas/audit-sign-offs';
import { AuditDetail } from '@brigade/core/schemas/audits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { auditsQueryKey } from './query-keys';

export interface SignOffVariables {
  auditId: string;
  input: AuditSignOffInput;
}

/**
 * Signs a completed audit off (issue 33): with the manager's email and password on
 * someone else's phone, or without them as a manager of its restaurant. Answers the
 * audit with its sign-off. Wrong credentials are a 400 on the password field (never a
 * 401: the phone's own session goes on); 403 not a manager of the restaurant, 409
 * signed off already, 429 too many failed attempts.
 */
export async function signOffAudit({ auditId, input }: SignOffVariables): Promise<AuditDetail> {
  return AuditDetail.parse(
    await apiRequest(`/api/audits/${encodeURIComponent(auditId)}/sign-off`, { method: 'POST', body: input }),
  );
}

/** The audit's page and its report both sign off, so it lives here rather than in one feature. */
export function useSignOffAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOffAudit,
    // The audit's page, its report and the lists all read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditsQueryKey }),
  });
}
