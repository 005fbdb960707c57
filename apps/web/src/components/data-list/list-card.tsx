import { Group, type MantineSpacing, Stack, Text } from '@mantine/core';
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
  /** The space between title, facts and actions, where a list's cards have always had more. */
  gap?: MantineSpacing | number;
}

/** One row of a list on a phone: its name and badge, its facts, its actions (a `DataList` card). */
export function ListCard({ title, badge, actions, children, gap = 6 }: ListCardProps) {
  return (
    <Stack gap={gap} h="100%">
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
