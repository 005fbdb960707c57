import { lazy, Suspense, useState } from 'react';
import { useMe } from '../lib/session/get-me';

const ToastList = lazy(() => import('./toast-list'));

/**
 * Toasts come from what signed-in people do (and from a session ending under them, whose
 * toast shows over Sign In), so the list and its code load once someone has been signed
 * in, not as part of what Sign In downloads before it draws; it then stays.
 */
export function Toasts() {
  const me = useMe();
  const [needed, setNeeded] = useState(false);
  if (me.data && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
