import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { useMe } from '../lib/session/get-me';
import { LoadFailureScreen } from './load-failure-screen';
import { LoadingScreen } from './loading-screen';
import { loadSignedInApp } from './preload-signed-in-app';
import { SignedOutScreen } from './signed-out-screen';

// The layout, router and pages are not part of Sign In's download: they start loading
// with the session check (main.tsx) and render once someone is signed in.
const SignedInApp = lazy(loadSignedInApp);

/**
 * The app gate (reports spec §2): a spinner while the session check runs, Sign In (or
 * first run) when nobody is signed in, otherwise the route table. Sign In shows at the
 * current address, so after signing in the person lands on the page they asked for.
 */
export function AppGate() {
  const me = useMe();

  // A failed background refetch keeps the last answer; only a first check can fail here.
  if (me.data === undefined) {
    if (me.isError) {
      return <LoadFailureScreen message={me.error.message} onRetry={() => void me.refetch()} />;
    }
    return <LoadingScreen />;
  }
  if (me.data === null) return <SignedOutScreen />;
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
