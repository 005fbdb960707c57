import { Acknowledgement } from '@brigade/core/schemas/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import type { MutationCallbacks } from '../mutation-callbacks';
import { acknowledgementsQueryKey } from './query-keys';

/**
 * "I have read this" (issue 20): the dashboards' pinned cards and an announcement's page
 * both acknowledge, so it lives here rather than in one feature. Idempotent on the server.
 */
export async function acknowledgeAnnouncement(id: string): Promise<Acknowledgement> {
  return Acknowledgement.parse(
    await apiRequest(`/api/announcements/${encodeURIComponent(id)}/acknowledge`, { method: 'POST' }),
  );
}

export function useAcknowledgeAnnouncement(callbacks: MutationCallbacks<Acknowledgement, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAnnouncement,
    onSuccess: (acknowledgement, id) => {
      callbacks.onSuccess?.(acknowledgement, id);
      void queryClient.invalidateQueries({ queryKey: ['announcements'] });
      return queryClient.invalidateQueries({ queryKey: acknowledgementsQueryKey });
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
