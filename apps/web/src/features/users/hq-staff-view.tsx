import type { StaffCaller } from '@brigade/core/staff-changes';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { StaffDirectory } from './staff-directory';

/** The filter's first choice. Mantine's clear button is hidden from assistive technology; an option is not. */
const ALL_RESTAURANTS = 'all';

/**
 * hq: everyone, with where they work (core-operations §2 "Staff management, hq view").
 * An optional restaurant filter narrows the list.
 */
export function HqStaffView({ caller }: { caller: StaffCaller }) {
  const options = useRestaurantOptions();
  const [restaurantId, setRestaurantId] = useState<string | null>(null);
  const restaurantOptions = options.data ?? [];

  return (
    <StaffDirectory
      caller={caller}
      restaurantId={restaurantId ?? undefined}
      searchPlaceholder="Name, email, role or restaurant"
      showRestaurants
      formScope={{ kind: 'hq', restaurantOptions, optionsLoading: options.isPending }}
      filters={
        <Select
          label="Restaurant"
          data={[
            { value: ALL_RESTAURANTS, label: 'All restaurants' },
            ...restaurantOptions.map((option) => ({ value: option.id, label: option.name })),
          ]}
          value={restaurantId ?? ALL_RESTAURANTS}
          onChange={(value) => setRestaurantId(value && value !== ALL_RESTAURANTS ? value : null)}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No active restaurants"
          w={{ base: '100%', xs: 260 }}
        />
      }
    />
  );
}
