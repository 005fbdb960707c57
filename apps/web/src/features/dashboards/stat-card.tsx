import { Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './dashboard-card.module.css';
import { TextSkeleton } from './dashboard-skeleton';

interface StatCardProps {
  label: string;
  /** `null` while the dashboard loads: a skeleton of the number's size stands in. */
  value: number | null;
  /** After the number, e.g. "courses". */
  unit?: string;
  /** The line under the number: "2 audits need attention", "Action needed"; `null` while it is not known yet. */
  hint?: string | null;
  /** Red hint text for something that needs doing. */
  alert?: boolean;
  icon: ReactNode;
  color: string;
  /** Makes the whole card a link to this page. */
  to?: string;
}

/**
 * One figure of a dashboard: label, number, a short line under it and an icon. Loading,
 * it has the same parts and height, with skeletons for what the answer brings.
 */
export function StatCard({ label, value, unit, hint, alert = false, icon, color, to }: StatCardProps) {
  const card = (
    // A card that is not a link is a group named by its label; a link is named by all its text.
    <Paper
      withBorder
      p="md"
      className={classes.surface}
      role={to ? undefined : 'group'}
      aria-label={to ? undefined : label}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} c="gray.7">
            {label}
          </Text>
          <Group gap={6} align="baseline" wrap="nowrap">
            {value === null ? (
              <TextSkeleton width={56} fz={32} fw={700} lh={1.2} />
            ) : (
              <Text fz={32} fw={700} lh={1.2}>
                {value}
              </Text>
            )}
            {unit && (
              <Text size="sm" c="gray.7">
                {unit}
              </Text>
            )}
          </Group>
          {hint === null && <TextSkeleton width="70%" size="sm" />}
          {hint && (
            <Text size="sm" c={alert ? 'red.9' : 'gray.7'} fw={alert ? 600 : undefined}>
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden visibleFrom="xs">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
  if (!to) return card;
  return (
    <UnstyledButton component={Link} to={to} className={classes.link}>
      {card}
    </UnstyledButton>
  );
}
