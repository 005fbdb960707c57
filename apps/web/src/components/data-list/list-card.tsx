import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListCardProps {
  /** The row's name, in bold; a long word wraps instead of pushing the card wide. */
  title: ReactNode;
  /** Status or score beside the title. */
  badge?: ReactNode;
  /** The row's actions, at the card's foot on the right. */
  actions?: ReactNode;
  /** The facts between, one per line. */
  children?: ReactNode;
}

/** One row of a list on a phone: its name and badge, its facts, its actions (a `DataList` card). */
export function ListCard({ title, badge, actions, children }: ListCardProps) {
  return (
    <Stack gap={6} h="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {badge}
      </Group>
      {children}
      {actions && (
        <Group justify="flex-end" mt="auto">
          {actions}
        </Group>
      )}
    </Stack>
  );
}
