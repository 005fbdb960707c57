import { addDays } from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { HqDueAuditsPanel as Panel } from '@brigade/core/schemas/audit-schedules';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import classes from './dashboard-card.module.css';
import { ListSkeleton } from './dashboard-skeleton';

/**
 * The hq dashboard's due audits (issue 19): how many are due now (with the soonest last
 * day) and were missed across the chain, and the restaurants with the most, each linking
 * to its due list (`undefined` while the dashboard loads).
 */
export function HqDueAuditsPanel({ panel }: { panel: Panel | undefined }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            <Trans>Due Audits</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            {panel ? (
              <DueLine due={panel.due} dueBy={panel.dueBy} missed={panel.missed} />
            ) : (
              <Trans>Due now and missed</Trans>
            )}
          </Text>
        </Stack>
        <Anchor component={Link} to="/audit-schedules" size="sm" style={{ whiteSpace: 'nowrap' }}>
          <Trans>All due audits</Trans>
        </Anchor>
      </Group>
      {panel === undefined ? (
        <ListSkeleton rows={3} height={30} />
      ) : panel.restaurants.length === 0 ? (
        <EmptyList
          title={text(scheduleMessages.noDueAudits)}
          description={text(scheduleMessages.noDueAuditsHint)}
          icon={<IconCalendarCheck size={28} aria-hidden />}
        />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Restaurants with due audits`}
        >
          {panel.restaurants.map((row) => (
            <RestaurantRow key={row.restaurant.id} row={row} />
          ))}
          {panel.restaurantCount > panel.restaurants.length && (
            <Text component="li" size="sm" c="gray.7">
              <MoreRestaurants count={panel.restaurantCount - panel.restaurants.length} />
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** One restaurant of the list: its name, linking to its due list, and its due and missed counts. */
function RestaurantRow({ row }: { row: Panel['restaurants'][number] }) {
  const due = row.due;
  const missed = row.missed;
  const lastDay = row.dueBy ? formatDate(addDays(row.dueBy, -1)) : '';
  return (
    <li className={classes.item}>
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
          {row.due > 0 && (
            <Badge color="yellow.4" variant="filled" tt="none">
              <Trans>
                {due} due by {lastDay}
              </Trans>
            </Badge>
          )}
          {row.missed > 0 && (
            <Badge color="red.9" variant="filled" tt="none">
              <Trans>{missed} missed</Trans>
            </Badge>
          )}
        </Group>
      </Group>
    </li>
  );
}

/** "3 due, the first by 6 Dec 2026; 1 missed (last 90 days)": every running period counts, not only this week's. */
function DueLine({ due, dueBy, missed }: { due: number; dueBy: string | null; missed: number }) {
  const firstBy = dueBy ? formatDate(addDays(dueBy, -1)) : '';
  return dueBy ? (
    <Trans>
      {due} due, the first by {firstBy}; {missed} missed (last 90 days)
    </Trans>
  ) : (
    <Trans>0 due; {missed} missed (last 90 days)</Trans>
  );
}

/** "and 4 more restaurants": the ones past the list's end. */
function MoreRestaurants({ count }: { count: number }) {
  return <Plural value={count} one="and # more restaurant" other="and # more restaurants" />;
}
