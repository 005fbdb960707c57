import type { Me } from '@brigade/core/schemas/session';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { CurrentUserProvider } from '../lib/current-user';
import { useOutboxRunner } from '../lib/offline/use-outbox-runner';
import { SelectedRestaurantProvider } from '../lib/selected-restaurant';
import { getAppRouter } from '../router';

/** Everything behind the gate; loaded as its own chunk once someone is signed in. */
export default function SignedInApp({ me }: { me: Me }) {
  const [router] = useState(getAppRouter);
  // The person's changes made offline go out from here (lib/offline).
  useOutboxRunner(me.id);
  return (
    <CurrentUserProvider me={me}>
      <SelectedRestaurantProvider>
        <RouterProvider router={router} />
      </SelectedRestaurantProvider>
    </CurrentUserProvider>
  );
}
