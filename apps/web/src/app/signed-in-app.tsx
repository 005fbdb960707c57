import type { Me } from '@brigade/core/schemas/session';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { CurrentUserProvider } from '../lib/current-user';
import { SelectedRestaurantProvider } from '../lib/selected-restaurant';
import { getAppRouter } from '../router';

/** Everything behind the gate; loaded as its own chunk once someone is signed in. */
export default function SignedInApp({ me }: { me: Me }) {
  const [router] = useState(getAppRouter);
  return (
    <CurrentUserProvider me={me}>
      <SelectedRestaurantProvider>
        <RouterProvider router={router} />
      </SelectedRestaurantProvider>
    </CurrentUserProvider>
  );
}
