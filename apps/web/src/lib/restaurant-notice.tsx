import type { AppRoute } from '@brigade/core/routes';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCurrentUser } from './current-user';
import { useSelectedRestaurant } from './selected-restaurant';

/**
 * The route's "Please select a restaurant ..." text when a manager has no selected
 * restaurant on a screen that needs one; `null` when the screen can show.
 */
export function useRestaurantNotice(route: AppRoute | null): string | null {
  const me = useCurrentUser();
  const { selectedRestaurant } = useSelectedRestaurant();
  if (!route?.needsRestaurant || me.role !== 'manager' || selectedRestaurant) return null;
  return route.needsRestaurant;
}

/** The yellow notice itself. No title: Mantine's yellow title text is too pale to read on its background. */
export function RestaurantNotice({ message }: { message: string }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
      {message}
    </Alert>
  );
}
