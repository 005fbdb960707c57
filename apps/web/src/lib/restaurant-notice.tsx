import { noActiveRestaurantMessage } from '@brigade/core/messages';
import type { AppRoute } from '@brigade/core/routes';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCurrentUser } from './current-user';
import { useCoreText } from './i18n';
import { useSelectedRestaurant } from './selected-restaurant';

/**
 * What a manager without a selected restaurant reads on a screen that needs one; `null`
 * when the screen can show. With no active restaurant at all there is nothing to select,
 * so they are told that instead of the route's "Please select a restaurant ..." text.
 */
export function useRestaurantNotice(route: AppRoute | null): string | null {
  const me = useCurrentUser();
  const { text } = useCoreText();
  const { restaurants, selectedRestaurant } = useSelectedRestaurant();
  if (!route?.needsRestaurant || me.role !== 'manager' || selectedRestaurant) return null;
  return text(restaurants.length === 0 ? noActiveRestaurantMessage : route.needsRestaurant);
}

/** The yellow notice itself. No title: Mantine's yellow title text is too pale to read on its background. */
export function RestaurantNotice({ message }: { message: string }) {
  const { text } = useCoreText();
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
      {text(message)}
    </Alert>
  );
}
