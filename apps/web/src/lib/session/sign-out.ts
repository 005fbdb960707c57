import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, networkError } from '../api-client';
import { forgetPushOnThisDevice } from '../push-subscription';
import { endSession } from './end-session';

/**
 * Better Auth's client (12 kB) is needed only when someone signs out, so it is loaded
 * then, as Sign In does, rather than with every signed-in page.
 */
const loadAuthClient = () => import('../auth-client');

async function requestSignOut() {
  const { authClient } = await loadAuthClient();
  return authClient.signOut();
}

/**
 * Ends the session on the server (the cookie is cleared by its reply). First this device
 * stops receiving the person's push notifications (issue 34), while the server still
 * knows whose they are.
 */
export async function signOut(): Promise<void> {
  await forgetPushOnThisDevice();
  let result: Awaited<ReturnType<typeof requestSignOut>>;
  try {
    result = await requestSignOut();
  } catch {
    throw networkError();
  }
  // 401: the session had already ended, which is what signing out wanted.
  if (result.error && result.error.status !== 401)
    throw new ApiError(result.error.status, result.error.message || i18n._(msg`Could not sign out.`));
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // The next person to sign in on this screen starts from their own dashboard,
      // not from the page the previous one was on.
      window.history.replaceState(null, '', '/');
      endSession(queryClient, 'signed-out');
    },
  });
}
