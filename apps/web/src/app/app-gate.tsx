import type { Me } from '@brigade/core/schemas/session';
import { useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { useCoreText } from '../lib/i18n';
import { useMe } from '../lib/session/get-me';
import { LoadFailureScreen } from './load-failure-screen';
import { LoadingScreen } from './loading-screen';
import { loadSignedInApp } from './preload-signed-in-app';
import { SignedOutScreen } from './signed-out-screen';
import { usePersonLanguage } from './use-person-language';

// The layout, router and pages are not part of Sign In's download: they start loading
// with the session check (main.tsx) and render once someone is signed in.
const SignedInApp = lazy(loadSignedInApp);

// Password screens (issue 20): a reset link's page, and the change a temporary password requires.
const ResetPasswordScreen = lazy(() =>
  import('../features/passwords/reset-password-screen').then((module) => ({ default: module.ResetPasswordScreen })),
);
const ChangePasswordScreen = lazy(() =>
  import('../features/passwords/change-password-screen').then((module) => ({ default: module.ChangePasswordScreen })),
);

/** The path of the page an emailed reset link opens (the server's RESET_PASSWORD_PATH). */
const RESET_PASSWORD_PATH = '/reset-password';

/**
 * The app gate (reports spec §2): a spinner while the session check runs, Sign In (or
 * first run) when nobody is signed in, otherwise the route table. Sign In shows at the
 * current address, so after signing in the person lands on the page they asked for.
 */
export function AppGate() {
  const { text } = useCoreText();
  const me = useMe();

  // A reset link works whoever is signed in on this browser: the reset ends every session anyway.
  if (window.location.pathname === RESET_PASSWORD_PATH) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ResetPasswordScreen />
      </Suspense>
    );
  }

  // A failed background refetch keeps the last answer; only a first check can fail here.
  if (me.data === undefined) {
    if (me.isError) {
      return <LoadFailureScreen message={text(me.error.message)} onRetry={() => void me.refetch()} />;
    }
    return <LoadingScreen />;
  }
  if (me.data === null) return <SignedOutScreen />;
  return <SignedInGate me={me.data} />;
}

/** Someone is signed in: the app in their language (issue 22), once its catalogues are here. */
function SignedInGate({ me }: { me: Me }) {
  const { text } = useCoreText();
  const language = usePersonLanguage(me);
  if (language.isError) {
    return <LoadFailureScreen message={text(language.error.message)} onRetry={() => void language.refetch()} />;
  }
  if (language.isPending) return <LoadingScreen />;
  // Signed in with a temporary password: their own first, before anything else (the server agrees).
  if (me.mustChangePassword) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ChangePasswordScreen email={me.email} />
      </Suspense>
    );
  }
  return (
    <AppCodeErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <SignedInApp me={me} />
      </Suspense>
    </AppCodeErrorBoundary>
  );
}

/** A chunk that fails to download (offline, or a new release replaced it) gets a reload button, not a blank page. */
class AppCodeErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Brigade failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <AppCodeFailureScreen />;
    }
    return this.props.children;
  }
}

/** The boundary's screen: a function component, so its texts follow the language. */
function AppCodeFailureScreen() {
  const { t } = useLingui();
  return (
    <LoadFailureScreen
      message={t`Part of the app could not be loaded. Check your connection and reload the page.`}
      retryLabel={t`Reload`}
      onRetry={() => window.location.reload()}
    />
  );
}
