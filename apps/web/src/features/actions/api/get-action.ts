import { ActionDetail } from '@brigade/core/schemas/corrective-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actionsQueryKey } from './get-actions';

export function actionQueryKey(id: string) {
  return [...actionsQueryKey, 'detail', id] as const;
}

/** One action with its context, owners, photos and history (oldest first). */
export async function fetchAction(id: string, signal?: AbortSignal): Promise<ActionDetail> {
  return ActionDetail.parse(await apiRequest(`/api/actions/${encodeURIComponent(id)}`, { signal }));
}

export function useAction(id: string) {
  return useQuery(
    queryOptions({
      queryKey: actionQueryKey(id),
      queryFn: ({ signal }) => fetchAction(id, signal),
      // Opened again, asked for even when a copy kept on the device (issue 34) looks fresh:
      // its forms send the version they read, and an old one only conflicts.
      refetchOnMount: 'always',
    }),
  );
}
