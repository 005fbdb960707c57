import { noActiveRestaurantMessage, selectRestaurantMessages } from '@brigade/core/messages';
import { useLingui } from '@lingui/react/macro';
import { Box } from '@mantine/core';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useRestaurantOptions } from '../../../lib/api/get-restaurant-options';
import { useCurrentUser } from '../../../lib/current-user';
import { RestaurantNotice } from '../../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../../lib/selected-restaurant';
import { ChecklistForm, FORM_WIDTH } from './checklist-form';

/**
 * /checklist-templates/add: hq makes a chain template (for all or chosen restaurants); a
 * manager a checklist of their selected restaurant only.
 */
export function AddChecklistPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const { restaurants: own, selectedRestaurant } = useSelectedRestaurant();
  const isHq = me.role === 'hq';
  const restaurants = useRestaurantOptions({ enabled: isHq });

  function body() {
    if (!isHq) {
      // A manager's checklist is their selected restaurant's: without one, the list's notice.
      if (selectedRestaurant) {
        return <ChecklistForm checklist={null} restaurant={selectedRestaurant} restaurantChoices={[]} />;
      }
      return (
        <RestaurantNotice
          message={own.length === 0 ? noActiveRestaurantMessage : selectRestaurantMessages.checklists}
        />
      );
    }
    if (restaurants.data)
      return <ChecklistForm checklist={null} restaurant={null} restaurantChoices={restaurants.data} />;
    if (!restaurants.isError) return null;
    return (
      <Box maw={FORM_WIDTH}>
        <LoadError
          message={t`Failed to load restaurants`}
          onRetry={() => void restaurants.refetch()}
          retrying={restaurants.isFetching}
        />
      </Box>
    );
  }

  return (
    <>
      <PageHeader title={t`New Checklist`} />
      {body()}
    </>
  );
}
