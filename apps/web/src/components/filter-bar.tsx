import { messages } from '@brigade/core/messages';
import { useLingui } from '@lingui/react/macro';
import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRestaurantOptions } from '../lib/api/get-restaurant-options';
import { useCoreText } from '../lib/i18n';

/** The row of filters above a list: a search box first, then choices, wrapping on narrow screens. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm">
      {children}
    </Group>
  );
}

interface RestaurantFilterProps {
  value: string | null;
  onChange: (restaurantId: string | null) => void;
  /** The field's width from the `xs` breakpoint up (full width below it). */
  width?: number;
}

/**
 * hq's "Restaurant" filter: every active restaurant by name, cleared for "All
 * restaurants". Loads the choices itself (shared with every other restaurant choice).
 */
export function RestaurantFilter({ value, onChange, width = 260 }: RestaurantFilterProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const restaurants = useRestaurantOptions();
  return (
    <Select
      label={t`Restaurant`}
      placeholder={t`All restaurants`}
      data={(restaurants.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': t`Clear restaurant filter` }}
      searchable
      nothingFoundMessage={t`No restaurants found`}
      error={restaurants.isError ? text(messages.restaurantsLoadFailed) : undefined}
      w={{ base: '100%', xs: width }}
    />
  );
}
