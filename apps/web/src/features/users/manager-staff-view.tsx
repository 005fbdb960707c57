import type { StaffCaller } from '@brigade/core/staff-changes';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { PageHeader } from '../../components/page-header';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { useListParams } from '../../lib/use-list-params';
import { STAFF_PAGE_TITLE, StaffDirectory } from './staff-directory';
import { STAFF_SORT } from './staff-list-params';

/** A manager's list is the restaurant's staff: every row's role is Staff, so there is no role to sort by. */
const MANAGER_SORT_COLUMNS = ['name', 'email', 'status', 'trainings'] as const;

/**
 * A manager: the staff of the selected restaurant (core-operations §2 "Staff
 * management, manager view"). Without a selected restaurant only the notice shows, so
 * nothing can be submitted without one. The search, sort and page are kept in the
 * address; the restaurant is the selected one.
 */
export function ManagerStaffView({ caller }: { caller: StaffCaller }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  const list = useListParams(STAFF_SORT);

  // Another restaurant is another list: its search starts empty (the address follows, back to page 1).
  const { setSearch } = list;
  const shownRestaurantId = useRef(selectedRestaurant?.id);
  useEffect(() => {
    if (shownRestaurantId.current === selectedRestaurant?.id) return;
    shownRestaurantId.current = selectedRestaurant?.id;
    setSearch('');
  }, [selectedRestaurant?.id, setSearch]);

  if (notice || !selectedRestaurant) {
    return (
      <>
        <PageHeader title={text(STAFF_PAGE_TITLE)} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }

  const restaurantName = selectedRestaurant.name;
  return (
    <StaffDirectory
      list={list}
      sortColumns={MANAGER_SORT_COLUMNS}
      caller={caller}
      // Another restaurant is another list: an open form starts over.
      key={selectedRestaurant.id}
      subtitle={t`Staff of ${restaurantName}`}
      restaurantId={selectedRestaurant.id}
      searchPlaceholder={t`Name or email`}
      showRestaurants={false}
      formScope={{ kind: 'manager', restaurantId: selectedRestaurant.id }}
    />
  );
}
