import type { Me } from '@brigade/core/schemas/session';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { getAppRouter } from '../router';
import { CurrentUserProvider } from './current-user';
import { SelectedRestaurantProvider } from './selected-restaurant';

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
