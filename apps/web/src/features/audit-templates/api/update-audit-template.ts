import { AuditTemplateDetail, type AuditTemplateInput } from '@brigade/core/schemas/audit-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditTemplatesQueryKey } from './get-audit-templates';

export interface UpdateAuditTemplateVariables {
  id: string;
  /** Kept items carry their `id` (past audits point at them); new items have none. */
  input: AuditTemplateInput;
}

export async function updateAuditTemplate({ id, input }: UpdateAuditTemplateVariables): Promise<AuditTemplateDetail> {
  return AuditTemplateDetail.parse(
    await apiRequest(`/api/audit-templates/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
  );
}

export function useUpdateAuditTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAuditTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditTemplatesQueryKey }),
  });
}
