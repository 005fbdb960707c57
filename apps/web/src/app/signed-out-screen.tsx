import { SignInScreen } from '../features/session/sign-in-screen';
import { useSetupStatus } from '../features/setup/api/get-setup-status';
import { FirstRunScreen } from '../features/setup/first-run-screen';
import { LoadingScreen } from './loading-screen';

/**
 * Nobody is signed in: an empty database offers to create the head office account,
 * otherwise Sign In. If the first-run check fails, Sign In is the safe default.
 */
export function SignedOutScreen() {
  const setup = useSetupStatus();
  if (setup.isPending) return <LoadingScreen />;
  if (setup.data?.needed) return <FirstRunScreen />;
  return <SignInScreen />;
}
