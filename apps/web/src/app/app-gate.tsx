import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { useMe } from '../lib/session/get-me';
import { LoadFailureScreen } from './load-failure-screen';
import { LoadingScreen } from './loading-screen';
import { loadSignedInApp } from './preload-signed-in-app';
import { SignedOutScreen } from './signed-out-screen';

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
      return <LoadFailureScreen message={me.error.message} onRetry={() => void me.refetch()} />;
    }
    return <LoadingScreen />;
  }
  if (me.data === null) return <SignedOutScreen />;
  // Signed in with a temporary password: their own first, before anything else (the server agrees).
  if (me.data.mustChangePassword) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ChangePasswordScreen email={me.data.email} />
      </Suspense>
    );
  }
  return (
    <AppCodeErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <SignedInApp me={me.data} />
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
      return (
        <LoadFailureScreen
          message="Part of the app could not be loaded. Check your connection and reload the page."
          retryLabel="Reload"
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
