import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useSignInWithPasskey } from './api/sign-in-with-passkey';

/** Whether this browser can use passkeys at all (WebAuthn). */
export const browserHasPasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/**
 * Sign In's "Sign in with a passkey" (issue 36): the browser asks which of the person's
 * passkeys for this site to use; no email needed. Not drawn where the browser has no
 * WebAuthn.
 */
export function PasskeySignInButton() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const signIn = useSignInWithPasskey();
  if (!browserHasPasskeys()) return null;

  // The person closed the browser's dialog, or no passkey of theirs was there: not the server's refusal.
  const failure = signIn.error
    ? isApiError(signIn.error)
      ? text(signIn.error.message)
      : t`No passkey was used. Try again, or sign in with your password.`
    : null;

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey size={18} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
      {failure && (
        <Text c="red.9" size="sm" ta="center" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
