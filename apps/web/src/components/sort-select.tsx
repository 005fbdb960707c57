import type { SortOrder } from '@brigade/core/schemas/common';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';

interface SortSelectProps<Column extends string> {
  /** The columns a list sorts by, as the table's headers name them. */
  options: readonly { value: Column; label: string }[];
  sort: Column;
  order: SortOrder;
  onChange: (sort: Column, order: SortOrder) => void;
}

/**
 * "Sort by" for a list drawn as cards (phones), where there are no column headers to
 * click: the same columns and directions as the table's headers.
 */
export function SortSelect<Column extends string>({ options, sort, order, onChange }: SortSelectProps<Column>) {
  const { t } = useLingui();
  const next = order === 'asc' ? 'desc' : 'asc';
  const label = order === 'asc' ? t`Ascending: sort descending` : t`Descending: sort ascending`;
  return (
    <Group gap={4} align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
      <Select
        label={t`Sort by`}
        data={options.map((option) => ({ value: option.value, label: option.label }))}
        value={sort}
        onChange={(value) => value && onChange(value as Column, order)}
        allowDeselect={false}
        style={{ flex: 1 }}
        w={{ base: '100%', xs: 180 }}
      />
      <Tooltip label={label}>
        <ActionIcon variant="default" size={36} aria-label={label} onClick={() => onChange(sort, next)}>
          {order === 'asc' ? <IconSortAscending size={18} aria-hidden /> : <IconSortDescending size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
