import type { SortOrder } from '@brigade/core/schemas/common';
import { Center, Group, Table, type TableThProps, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { SortControl } from '../lib/use-list-params';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const satisfies Record<SortOrder, string>;

interface SortableThProps extends SortControl, Omit<TableThProps, 'children'> {
  children: string;
}

/**
 * A column header that sorts its list (Mantine's "table with sort" pattern): a button
 * naming the column, an arrow for the direction, and `aria-sort` on the header so a
 * screen reader announces how the table is ordered.
 */
export function SortableTh({ children, sorted, onSort, ...thProps }: SortableThProps) {
  const Icon = sorted === 'asc' ? IconChevronUp : sorted === 'desc' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={sorted ? ARIA_SORT[sorted] : undefined} {...thProps}>
      <UnstyledButton onClick={onSort} style={{ font: 'inherit', fontWeight: 'inherit' }}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text component="span" fw="inherit" size="sm">
            {children}
          </Text>
          <Center c={sorted ? undefined : 'gray.6'}>
            <Icon size={14} stroke={1.75} aria-hidden />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
