import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCurrentUser } from '../current-user';
import { useSignOut } from './sign-out';

/**
 * The outbox's code (with Dexie), asked for when Sign Out is chosen: a dashboard draws
 * without it (decision 053). Offline it comes from the service worker's precache.
 */
const loadOutbox = () => import('../offline/outbox');

/**
 * Sign Out in the signed-in app (issue 34): when this person's changes wait in the outbox
 * (made offline, not sent yet), it asks first, since signing out deletes them from this
 * device; their changes go once the person has signed out. An expired session keeps them:
 * only signing out deletes. Needs the ModalsProvider of the signed-in layout.
 */
export function useSignOutAsking() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const signOut = useSignOut();

  async function signOutAndForget() {
    await signOut.mutateAsync();
    await (await loadOutbox()).clearOutbox(me.id);
  }

  /** Signs out, after asking if changes wait; `onError` gets a failed sign-out (offline, ...). */
  async function request(onError: (error: Error) => void) {
    if (signOut.isPending) return;
    const unsent = await loadOutbox()
      .then((outbox) => outbox.countUnsent(me.id))
      .catch(() => 0);
    const run = () => void signOutAndForget().catch(onError);
    if (unsent === 0) return run();
    modals.openConfirmModal({
      title: t`Sign out?`,
      centered: true,
      closeButtonProps: { 'aria-label': t`Close` },
      children: (
        <Text size="sm">
          {t({
            message: plural(unsent, {
              one: '# change has not been sent yet. Signing out deletes it from this device.',
              other: '# changes have not been sent yet. Signing out deletes them from this device.',
            }),
          })}
        </Text>
      ),
      labels: { confirm: t`Sign out`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      cancelProps: { variant: 'default' },
      onConfirm: run,
    });
  }

  return { request, isPending: signOut.isPending };
}
