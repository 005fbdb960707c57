import type { SsoFailure } from '@brigade/core/schemas/sso';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useState } from 'react';
import { useSsoProviders } from './api/get-sso-providers';

const failureMessages: Record<SsoFailure, MessageDescriptor> = {
  failed: msg`Signing in through your organisation did not work. Please try again.`,
  unavailable: msg`Your organisation's sign-in is not available right now. Try again later, or sign in with your password.`,
  'email-unverified': msg`Your organisation's account did not confirm your email address, so Brigade cannot tell who you are.`,
  'domain-not-allowed': msg`Your email address is not one this sign-in is set up for. Ask head office.`,
  'no-account': msg`There is no Brigade account for your email address yet. Ask head office to add you.`,
  deactivated: msg`This account has been deactivated. Ask head office to reactivate it.`,
};

/** The reason the server sent the browser back with (`/?sso=<reason>`), read once and removed from the address. */
function takeFailure(): SsoFailure | null {
  const url = new URL(window.location.href);
  const reason = url.searchParams.get('sso');
  if (!reason) return null;
  url.searchParams.delete('sso');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  // The messages' keys are SSO_FAILURES; core's schema module would bring zod into Sign In's download.
  return Object.hasOwn(failureMessages, reason) ? (reason as SsoFailure) : 'failed';
}

/**
 * Sign In's "Sign in with <name>" buttons (issue 36), one per enabled identity provider;
 * each is a plain link to the server, which sends the browser on to the provider. Nothing
 * shows when no provider is set up (or the list cannot be read: the password form remains).
 */
export function SsoSignInButtons() {
  const { i18n, t } = useLingui();
  const providers = useSsoProviders();
  const [failure] = useState(takeFailure);

  return (
    <Stack gap="xs">
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {i18n._(failureMessages[failure])}
        </Alert>
      )}
      {providers.data?.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={`/api/sso/${encodeURIComponent(provider.id)}/start`}
          variant="default"
          fullWidth
          leftSection={<IconBuildingSkyscraper size={18} aria-hidden />}
        >
          {t`Sign in with ${provider.name}`}
        </Button>
      ))}
    </Stack>
  );
}
