import { AuditTemplateDetail, type AuditTemplateInput } from '@brigade/core/schemas/audit-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditTemplatesQueryKey } from './get-audit-templates';

/** Adds a template; its items are numbered in the order sent. */
export async function createAuditTemplate(input: AuditTemplateInput): Promise<AuditTemplateDetail> {
  return AuditTemplateDetail.parse(await apiRequest('/api/audit-templates', { method: 'POST', body: input }));
}

export function useCreateAuditTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuditTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditTemplatesQueryKey }),
  });
}
