import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from '../api-client';
import { authClient } from '../auth-client';
import { endSession } from './end-session';

/** Ends the session on the server (the cookie is cleared by its reply). */
export async function signOut(): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.signOut>>;
  try {
    result = await authClient.signOut();
  } catch {
    throw new ApiError(NETWORK_ERROR_STATUS, 'Could not reach Brigade. Check your connection and try again.');
  }
  // 401: the session had already ended, which is what signing out wanted.
  if (result.error && result.error.status !== 401)
    throw new ApiError(result.error.status, result.error.message || 'Could not sign out.');
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
