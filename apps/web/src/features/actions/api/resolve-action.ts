import { ActionDetail, type ResolveAction } from '@brigade/core/schemas/corrective-actions';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { sendThroughOutbox } from '../../../lib/api/send-through-outbox';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { onSent } from '../../../lib/offline/outbox';
import { queryClient } from '../../../lib/query-client';
import { actionQueryKey } from './get-action';
import { actionsQueryKey } from './get-actions';

const SUBJECT_PREFIX = 'action:';

/** The outbox subject of an action's resolution and fix photos: sent in the order taken. */
export function actionSubject(id: string) {
  return `${SUBJECT_PREFIX}${id}`;
}

/** A resolved action leaves "open": lists, the dashboards' counts and the audits' findings change. */
function refreshAround(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: actionsQueryKey, predicate: (query) => query.queryKey[1] === 'list' }),
    client.invalidateQueries({ queryKey: ['dashboards'] }),
    client.invalidateQueries({ queryKey: ['store-performance'] }),
    client.invalidateQueries({ queryKey: ['audits'] }),
  ]);
}

// What the outbox sends later (back online, after a reload) updates the cached action too.
onSent((item) => {
  if (!item.subject.startsWith(SUBJECT_PREFIX)) return;
  const id = item.subject.slice(SUBJECT_PREFIX.length);
  if (item.kind === 'actionResolve') {
    // Announced again to a page opened within seconds of the sending: an older reply never
    // replaces a newer action (reopened since, say).
    const parsed = ActionDetail.safeParse(item.reply);
    const cached = queryClient.getQueryData<ActionDetail>(actionQueryKey(id));
    if (parsed.success && !(cached && cached.version > parsed.data.version)) {
      queryClient.setQueryData(actionQueryKey(id), parsed.data);
    }
    void refreshAround(queryClient);
  } else if (item.kind === 'actionPhoto') {
    void queryClient.invalidateQueries({ queryKey: actionQueryKey(id) });
  }
});

/**
 * "Resolve" through the outbox (issue 34): answers the resolved action once sent, or null
 * while the resolution waits on this device; its time is when the person resolved it.
 * A refusal (someone resolved it meanwhile: 409) stays in the outbox with its reason.
 */
export function useResolveAction(
  id: string,
  label: string,
  callbacks: MutationCallbacks<ActionDetail | null, ResolveAction> = {},
) {
  const client = useQueryClient();
  return useMutation({
    // Offline too: the outbox keeps the change until the connection is back.
    networkMode: 'always',
    mutationFn: async (body: ResolveAction): Promise<ActionDetail | null> => {
      const result = await sendThroughOutbox({
        kind: 'actionResolve',
        subject: actionSubject(id),
        label,
        method: 'POST',
        url: `/api/actions/${encodeURIComponent(id)}/resolve`,
        body,
      });
      return result.sent ? ActionDetail.parse(result.reply) : null;
    },
    // Here, not in `mutate`: the resolved action replaces the form before this runs.
    onSuccess: async (action, body) => {
      callbacks.onSuccess?.(action, body);
      if (!action) return;
      client.setQueryData(actionQueryKey(id), action);
      await refreshAround(client);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
