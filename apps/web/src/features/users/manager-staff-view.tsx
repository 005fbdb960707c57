import type { StaffCaller } from '@brigade/core/staff-changes';
import { PageHeader } from '../../components/page-header';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { STAFF_PAGE_TITLE, StaffDirectory } from './staff-directory';

/**
 * A manager: the staff of the selected restaurant (core-operations §2 "Staff
 * management, manager view"). Without a selected restaurant only the notice shows, so
 * nothing can be submitted without one.
 */
export function ManagerStaffView({ caller }: { caller: StaffCaller }) {
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();

  if (notice || !selectedRestaurant) {
    return (
      <>
        <PageHeader title={STAFF_PAGE_TITLE} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }

  return (
    <StaffDirectory
      caller={caller}
      // Another restaurant is another list: search, page and an open form start over.
      key={selectedRestaurant.id}
      subtitle={`Staff of ${selectedRestaurant.name}`}
      restaurantId={selectedRestaurant.id}
      searchPlaceholder="Name or email"
      showRestaurants={false}
      formScope={{ kind: 'manager', restaurantId: selectedRestaurant.id }}
    />
  );
}
