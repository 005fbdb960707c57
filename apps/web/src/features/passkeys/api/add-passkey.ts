import { Passkey, PasskeyCeremonyOptions } from '@brigade/core/schemas/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeysQueryKey } from './list-passkeys';

/**
 * Adds a passkey: the server's options, the browser's dialog (the authenticator makes a
 * credential), and its answer back with the chosen name. The browser library is loaded
 * only when someone adds one.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = PasskeyCeremonyOptions.parse(
    await apiRequest('/api/profile/passkeys/options', { method: 'POST', body: {} }),
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: optionsJSON as never });
  return Passkey.parse(await apiRequest('/api/profile/passkeys', { method: 'POST', body: { name, response } }));
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
