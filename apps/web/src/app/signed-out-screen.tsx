import { lazy, Suspense, useState } from 'react';
import { PasskeySignInButton } from '../features/passkeys/passkey-sign-in-button';
import { SignInScreen } from '../features/session/sign-in-screen';
import { useSetupStatus } from '../features/setup/api/get-setup-status';
import { LoadingScreen } from './loading-screen';

// Shown once in a database's life, so it is not part of what Sign In downloads.
const FirstRunScreen = lazy(() =>
  import('../features/setup/first-run-screen').then((module) => ({ default: module.FirstRunScreen })),
);

// Rarely needed, so not part of what Sign In downloads either.
const ForgotPasswordScreen = lazy(() =>
  import('../features/passwords/forgot-password-screen').then((module) => ({ default: module.ForgotPasswordScreen })),
);

// Drawn only where an identity provider is set up, once its list has come: a chunk of its
// own (chunk-groups.ts), not part of what Sign In downloads before it draws (decision 053).
const SsoSignInButtons = lazy(() =>
  import('../features/sso/sso-sign-in-buttons').then((module) => ({ default: module.SsoSignInButtons })),
);

/**
 * Nobody is signed in: an empty database offers to create the head office account,
 * otherwise Sign In. If the first-run check fails, Sign In is the safe default.
 */
export function SignedOutScreen() {
  const setup = useSetupStatus();
  const [forgotPassword, setForgotPassword] = useState(false);
  if (setup.isPending) return <LoadingScreen />;
  if (setup.data?.needed) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <FirstRunScreen />
      </Suspense>
    );
  }
  if (forgotPassword) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ForgotPasswordScreen onBack={() => setForgotPassword(false)} />
      </Suspense>
    );
  }
  return (
    <SignInScreen
      onForgotPassword={() => setForgotPassword(true)}
      passkeySignIn={<PasskeySignInButton />}
      ssoSignIn={
        <Suspense fallback={null}>
          <SsoSignInButtons />
        </Suspense>
      }
    />
  );
}
