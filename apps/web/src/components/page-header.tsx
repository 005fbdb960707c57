import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons shown beside the title (Add ..., Back to Reports, ...). */
  actions?: ReactNode;
}

/**
 * A page's h1 and optional subtitle; every signed-in page starts with one. When title
 * and actions do not fit on one line (a phone), the actions move below the title.
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Stack gap={4} mb="lg">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-sm)', alignItems: 'center' }}>
        <Title order={1} fz={{ base: 26, sm: 30 }} style={{ flex: '1 1 auto', minWidth: 0 }}>
          {title}
        </Title>
        {actions}
      </div>
      {subtitle && <Text c="gray.7">{subtitle}</Text>}
    </Stack>
  );
}
