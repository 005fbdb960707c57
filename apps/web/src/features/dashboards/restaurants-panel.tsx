import { Plural } from '@lingui/react/macro';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import classes from './dashboard-card.module.css';
import { ListSkeleton } from './dashboard-skeleton';

interface RestaurantsPanelProps {
  heading: ReactNode;
  /** The line under the heading: the chain's totals, or what the panel is while it loads. */
  line: ReactNode;
  /** The link at the top right, to the whole list. */
  all: { to: string; label: ReactNode };
  /** `undefined` while the dashboard loads; 0 shows `empty`. */
  rowCount: number | undefined;
  /** Restaurants the panel counts; those past its rows are "and N more". */
  restaurantCount: number;
  listLabel: string;
  empty: ReactNode;
  /** The rows, each a `RestaurantRow`. */
  children: ReactNode;
}

/**
 * An hq dashboard panel that names the restaurants needing a look (due audits, today's
 * checklists): heading, totals and a link to the whole list; then a skeleton while the
 * dashboard loads, an empty state, or the restaurants' rows with "and N more".
 */
export function RestaurantsPanel({
  heading,
  line,
  all,
  rowCount,
  restaurantCount,
  listLabel,
  empty,
  children,
}: RestaurantsPanelProps) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            {heading}
          </Title>
          <Text size="sm" c="gray.7">
            {line}
          </Text>
        </Stack>
        <Anchor component={Link} to={all.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {all.label}
        </Anchor>
      </Group>
      {rowCount === undefined ? (
        <ListSkeleton rows={3} height={30} />
      ) : rowCount === 0 ? (
        empty
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
          {children}
          {restaurantCount > rowCount && (
            <Text component="li" size="sm" c="gray.7">
              <Plural value={restaurantCount - rowCount} one="and # more restaurant" other="and # more restaurants" />
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** One restaurant of such a panel: its name, linking to its list, and its badges. */
export function RestaurantRow({ name, to, children }: { name: string; to: string; children: ReactNode }) {
  return (
    <li className={classes.item}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Anchor component={Link} to={to} size="sm" fw={600} truncate>
          {name}
        </Anchor>
        <Group gap={6} wrap="nowrap">
          {children}
        </Group>
      </Group>
    </li>
  );
}
