import '@mantine/notifications/styles.css';
import type { Me } from '@brigade/core/schemas/session';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { CurrentUserProvider } from '../lib/current-user';
import { SelectedRestaurantProvider } from '../lib/selected-restaurant';
import { getAppRouter } from '../router';
import toasts from './toasts.module.css';

/**
 * Everything behind the gate, its own chunk. Toasts are here too: only signed-in screens
 * show them, and signing out clears them (endSession), so Sign In needs none of their code.
 */
export default function SignedInApp({ me }: { me: Me }) {
  const [router] = useState(getAppRouter);
  return (
    <CurrentUserProvider me={me}>
      {/* The spec caps the toast list at 20; at the bottom they cover no header button. */}
      <Notifications limit={20} position="bottom-center" classNames={{ root: toasts.toasts }} />
      <SelectedRestaurantProvider>
        <RouterProvider router={router} />
      </SelectedRestaurantProvider>
    </CurrentUserProvider>
  );
}
