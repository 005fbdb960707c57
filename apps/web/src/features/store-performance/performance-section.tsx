import { Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface PerformanceSectionProps {
  title: string;
  /** Beside the heading: where the data comes from. */
  aside?: ReactNode;
  /** True while the section reloads with data already shown. */
  busy?: boolean;
  children: ReactNode;
}

/** One of the page's tables under its h2. */
export function PerformanceSection({ title, aside, busy = false, children }: PerformanceSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
