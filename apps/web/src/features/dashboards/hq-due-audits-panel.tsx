import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { HqDueAuditsPanel as Panel } from '@brigade/core/schemas/audit-schedules';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import classes from './dashboard-card.module.css';
import { ListSkeleton } from './dashboard-skeleton';

/**
 * The hq dashboard's due audits (issue 19): how many are due this week and were missed
 * across the chain, and the restaurants with the most, each linking to its due list
 * (`undefined` while the dashboard loads).
 */
export function HqDueAuditsPanel({ panel }: { panel: Panel | undefined }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            Due Audits
          </Title>
          <Text size="sm" c="gray.7">
            {panel
              ? `${panel.dueThisWeek} due this week, ${panel.missed} missed (last 90 days)`
              : 'Due this week and missed'}
          </Text>
        </Stack>
        <Anchor component={Link} to="/audit-schedules" size="sm" style={{ whiteSpace: 'nowrap' }}>
          All due audits
        </Anchor>
      </Group>
      {panel === undefined ? (
        <ListSkeleton rows={3} height={30} />
      ) : panel.restaurants.length === 0 ? (
        <EmptyList
          title={scheduleMessages.noDueAudits}
          description={scheduleMessages.noDueAuditsHint}
          icon={<IconCalendarCheck size={28} aria-hidden />}
        />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Restaurants with due audits"
        >
          {panel.restaurants.map((row) => (
            <li key={row.restaurant.id} className={classes.item}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Anchor
                  component={Link}
                  to={`/audit-schedules?restaurantId=${encodeURIComponent(row.restaurant.id)}`}
                  size="sm"
                  fw={600}
                  truncate
                >
                  {row.restaurant.name}
                </Anchor>
                <Group gap={6} wrap="nowrap">
                  {row.dueThisWeek > 0 && (
                    <Badge color="yellow.4" variant="filled" tt="none">
                      {row.dueThisWeek} due
                    </Badge>
                  )}
                  {row.missed > 0 && (
                    <Badge color="red.9" variant="filled" tt="none">
                      {row.missed} missed
                    </Badge>
                  )}
                </Group>
              </Group>
            </li>
          ))}
          {panel.restaurantCount > panel.restaurants.length && (
            <Text component="li" size="sm" c="gray.7">
              and {panel.restaurantCount - panel.restaurants.length} more restaurants
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
