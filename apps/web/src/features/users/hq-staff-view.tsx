import { STAFF_SORTS } from '@brigade/core/schemas/users';
import type { StaffCaller } from '@brigade/core/staff-changes';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { useListParams } from '../../lib/use-list-params';
import { StaffDirectory } from './staff-directory';
import { STAFF_SORT } from './staff-list-params';

/** The filter's first choice. Mantine's clear button is hidden from assistive technology; an option is not. */
const ALL_RESTAURANTS = 'all';

/**
 * hq: everyone, with where they work (core-operations §2 "Staff management, hq view").
 * An optional restaurant filter narrows the list; it is kept in the address with the
 * search, sort and page (`?restaurantId=…`), so a shared link shows the same people.
 */
export function HqStaffView({ caller }: { caller: StaffCaller }) {
  const { t } = useLingui();
  const options = useRestaurantOptions();
  const list = useListParams(STAFF_SORT, ['restaurantId']);
  const { restaurantId } = list.filters;
  const restaurantOptions = options.data ?? [];

  return (
    <StaffDirectory
      list={list}
      sortColumns={STAFF_SORTS}
      caller={caller}
      restaurantId={restaurantId ?? undefined}
      searchPlaceholder={t`Name, email, role or restaurant`}
      showRestaurants
      formScope={{ kind: 'hq', restaurantOptions, optionsLoading: options.isPending }}
      filters={
        <Select
          label={t`Restaurant`}
          data={[
            { value: ALL_RESTAURANTS, label: t`All restaurants` },
            ...restaurantOptions.map((option) => ({ value: option.id, label: option.name })),
          ]}
          value={restaurantId ?? ALL_RESTAURANTS}
          onChange={(value) => list.setFilters({ restaurantId: value && value !== ALL_RESTAURANTS ? value : null })}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t`No active restaurants`}
          w={{ base: '100%', xs: 260 }}
        />
      }
    />
  );
}
