import { addDays } from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { HqDueAuditsPanel as Panel } from '@brigade/core/schemas/audit-schedules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { EmptyList } from '../../components/empty-list';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { RestaurantRow, RestaurantsPanel } from './restaurants-panel';

/**
 * The hq dashboard's due audits (issue 19): how many are due now (with the soonest last
 * day) and were missed across the chain, and the restaurants with the most, each linking
 * to its due list (`undefined` while the dashboard loads).
 */
export function HqDueAuditsPanel({ panel }: { panel: Panel | undefined }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  return (
    <RestaurantsPanel
      heading={<Trans>Due Audits</Trans>}
      line={
        panel ? (
          <DueLine due={panel.due} dueBy={panel.dueBy} missed={panel.missed} />
        ) : (
          <Trans>Due now and missed</Trans>
        )
      }
      all={{ to: '/audit-schedules', label: <Trans>All due audits</Trans> }}
      rowCount={panel?.restaurants.length}
      restaurantCount={panel?.restaurantCount ?? 0}
      listLabel={t`Restaurants with due audits`}
      empty={
        <EmptyList
          title={text(scheduleMessages.noDueAudits)}
          description={text(scheduleMessages.noDueAuditsHint)}
          icon={<IconCalendarCheck size={28} aria-hidden />}
        />
      }
    >
      {panel?.restaurants.map((row) => (
        <DueRow key={row.restaurant.id} row={row} />
      ))}
    </RestaurantsPanel>
  );
}

/** One restaurant of the list: its name, linking to its due list, and its due and missed counts. */
function DueRow({ row }: { row: Panel['restaurants'][number] }) {
  const due = row.due;
  const missed = row.missed;
  const lastDay = row.dueBy ? formatDate(addDays(row.dueBy, -1)) : '';
  return (
    <RestaurantRow
      name={row.restaurant.name}
      to={`/audit-schedules?restaurantId=${encodeURIComponent(row.restaurant.id)}`}
    >
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
    </RestaurantRow>
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
