import type { Me } from '@brigade/core/schemas/session';
import { createContext, type ReactNode, useContext } from 'react';

const CurrentUserContext = createContext<Me | null>(null);

/** Makes the signed-in person available to every screen below the gate. */
export function CurrentUserProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <CurrentUserContext.Provider value={me}>{children}</CurrentUserContext.Provider>;
}

/**
 * The signed-in person (id, name, email, role, active restaurants). Using it outside
 * the signed-in app is a programming error (core-operations §8), so it throws.
 */
export function useCurrentUser(): Me {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser must be used inside CurrentUserProvider (a signed-in screen).');
  return me;
}
