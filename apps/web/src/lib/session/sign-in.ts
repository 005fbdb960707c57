import { messages } from '@brigade/core/messages';
import type { SignIn } from '@brigade/core/schemas/session';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from '../api-client';
import { clearSessionEndedNotice } from './end-session';
import { meQuery } from './get-me';

/**
 * Better Auth's client is needed only when the form is sent, so it is not part of what
 * Sign In downloads before it draws; the form starts loading it when someone focuses it.
 */
const loadAuthClient = () => import('../auth-client');

export function prepareSignIn() {
  loadAuthClient().catch(() => {}); // a failure shows when the form is sent
}

async function requestSignIn({ email, password }: SignIn) {
  const { authClient } = await loadAuthClient();
  return authClient.signIn.email({ email, password });
}

/**
 * Signs in with email and password; Better Auth sets the session cookie. Throws an
 * `ApiError` carrying the server's message ('Invalid email or password', the
 * deactivated-account message, ...), which the form shows as is.
 */
export async function signInWithEmail(credentials: SignIn): Promise<void> {
  let result: Awaited<ReturnType<typeof requestSignIn>>;
  try {
    result = await requestSignIn(credentials);
  } catch {
    throw new ApiError(NETWORK_ERROR_STATUS, t`Could not reach Brigade. Check your connection and try again.`);
  }
  const { error } = result;
  if (!error) return;
  // The server names which limit was hit (this address, or this account for 15 minutes);
  // the spec's sentence covers an answer without a message.
  // Better Auth's own refusal, in the person's language (the server's other answers are already).
  const message =
    error.code === 'INVALID_EMAIL_OR_PASSWORD'
      ? t`Invalid email or password`
      : error.message || (error.status === 429 ? messages.tooManyAttempts : t`Sign in failed. Please try again.`);
  throw new ApiError(error.status, message);
}

/**
 * Where a fresh sign-in lands: the page the person was on when Sign In appeared (their
 * session had ended there), or `/`, which leads to their dashboard. The history entry
 * is replaced, so Back does not return to Sign In; the router adopts this address when
 * the signed-in app mounts.
 */
function returnToRequestedPage() {
  const { pathname, search, hash } = window.location;
  const target = pathname === '/' ? '/' : `${pathname}${search}${hash}`;
  window.history.replaceState(null, '', target);
}

/** Signs in, then loads who is signed in; the gate swaps Sign In for the app when `me` arrives. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: SignIn) => {
      await signInWithEmail(credentials);
      returnToRequestedPage();
      const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      if (!me) {
        throw new ApiError(
          401,
          t`Signed in, but this browser did not keep the session. Allow cookies for this site and try again.`,
        );
      }
      clearSessionEndedNotice();
    },
  });
}
