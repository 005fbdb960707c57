import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearSessionEndedNotice } from '../../../lib/session/end-session';
import { meQuery } from '../../../lib/session/get-me';

/**
 * Signs in with a passkey: a challenge from the server, the browser's dialog (the person
 * picks one of their passkeys for this site and unlocks it), and its answer back; the
 * server sets Better Auth's session cookie. No zod here: Sign In's download stays small,
 * and the browser library is loaded only when the button is pressed.
 */
export async function signInWithPasskey(): Promise<void> {
  const [optionsJSON, { startAuthentication }] = await Promise.all([
    apiRequest<Record<string, unknown>>('/api/auth/passkey/sign-in-options', { method: 'POST', body: {} }),
    import('@simplewebauthn/browser'),
  ]);
  const response = await startAuthentication({ optionsJSON: optionsJSON as never });
  await apiRequest('/api/auth/passkey/sign-in', { method: 'POST', body: { response } });
}

/** Signs in, then loads who is signed in; the gate swaps Sign In for the app when `me` arrives. */
export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await signInWithPasskey();
      await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      clearSessionEndedNotice();
    },
  });
}
