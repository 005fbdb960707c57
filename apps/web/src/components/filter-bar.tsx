import { messages } from '@brigade/core/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Button, Collapse, Group, Select, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { Children, type ReactNode, useId } from 'react';
import { useRestaurantOptions } from '../lib/api/get-restaurant-options';
import { useCoreText } from '../lib/i18n';

/** Below Mantine's `xs`: a phone, where a list's filters would fill the first screen. */
const PHONE_QUERY = '(max-width: 35.99em)';

interface FilterBarProps {
  /** The search box first, then the choices. */
  children: ReactNode;
  /** How many choices differ from their default: the phone's "Filters" button says so. */
  activeFilters?: number;
}

/**
 * The row of filters above a list: a search box first, then choices, wrapping on narrow
 * screens. On a phone the search stays in view and the choices fold behind a "Filters"
 * button that counts the active ones, so the list starts on the first screen (issue 31).
 */
export function FilterBar({ children, activeFilters = 0 }: FilterBarProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const choicesId = useId();
  const [search, ...choices] = Children.toArray(children);
  if (!phone || choices.length === 0) {
    return (
      <Group align="flex-end" gap="sm">
        {children}
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>{search}</Box>
        <Button
          variant="default"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={choicesId}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            activeFilters > 0 ? (
              <Badge size="sm" circle>
                {activeFilters}
              </Badge>
            ) : undefined
          }
        >
          <Trans>Filters</Trans>
        </Button>
      </Group>
      {/* Kept in the page while folded: a choice keeps its state and its effects. */}
      <Collapse expanded={opened} id={choicesId} keepMountedMode="display-none">
        <Stack gap="sm">{choices}</Stack>
      </Collapse>
    </Stack>
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
