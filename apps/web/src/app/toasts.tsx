import type { Me } from '@brigade/core/schemas/session';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMe } from '../lib/session/get-me';
import { usePersonLanguage } from './use-person-language';

const ToastList = lazy(() => import('./toast-list'));

/**
 * Toasts come from what signed-in people do (and from a session ending under them, whose
 * toast shows over Sign In), so the list and its code load once someone has been signed
 * in, not as part of what Sign In downloads before it draws; it then stays. It waits for
 * the person's catalogues too: its close button's name is one of the app's texts, and
 * drawn before they load Lingui reports it as an uncompiled message (issue 31).
 */
export function Toasts() {
  const me = useMe();
  const [needed, setNeeded] = useState(false);
  if (needed) {
    return (
      <Suspense fallback={null}>
        <ToastList />
      </Suspense>
    );
  }
  return me.data ? <WhenLanguageReady me={me.data} onReady={() => setNeeded(true)} /> : null;
}

function WhenLanguageReady({ me, onReady }: { me: Me; onReady: () => void }) {
  const ready = usePersonLanguage(me).isSuccess;
  useEffect(() => {
    if (ready) onReady();
  }, [ready, onReady]);
  return null;
}
