import type { TrainingCompletionByRestaurant } from '@brigade/core/schemas/dashboard-charts';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Box } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { DataTable } from '../../components/data-list/data-table';
import { useHqTrainingCompletion } from './api/get-hq-training-completion';
import { chartQueryState, percentText } from './chart-format';
import { barsHeight, RestaurantPercentBars } from './restaurant-percent-bars';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = msg`Training completion per restaurant`;
/** Bars drawn: the restaurants lowest in completion; the table lists every one. */
const DRAWN = 10;
/** The table of a large chain scrolls inside the panel. */
const TABLE_MAX_HEIGHT = 360;

/**
 * hq: per restaurant, the share of its active staff's and managers' assigned trainings
 * that are completed (decision 011's completion, as the per-person totals count it),
 * lowest first. A large chain draws its 10 lowest; the table has them all.
 */
export function HqTrainingCompletionChart({ ready }: ChartReadiness) {
  // The sentences below are written in the active language; this re-renders them when it changes.
  const { i18n } = useLingui();
  const { ref, seen } = useSeen<HTMLDivElement>();
  const completion = useHqTrainingCompletion({ enabled: ready && seen });
  const data = completion.data;
  const drawn = data?.restaurants.slice(0, DRAWN) ?? [];
  const height = barsHeight(drawn.length);

  return (
    <div ref={ref}>
      <ChartPanel
        title={i18n._(TITLE)}
        description={descriptionOf(data)}
        summary={data ? summaryOf(data) : ''}
        height={data ? height : 300}
        {...chartQueryState(completion)}
        empty={{
          when: data !== undefined && data.restaurants.length === 0,
          title: t`No trainings assigned yet`,
          description: t`Completion shows once restaurant staff have trainings assigned.`,
        }}
        chart={
          data && (
            <RestaurantPercentBars
              bars={drawn.map((entry) => ({ name: entry.restaurant.name, percent: entry.percent }))}
              label={t`Completed`}
              color="teal.8"
            />
          )
        }
        table={data && <CompletionTable data={data} />}
      />
    </div>
  );
}

function descriptionOf(data: TrainingCompletionByRestaurant | undefined): string {
  const parts = [
    t`Completed share of the trainings assigned to each restaurant's active staff and managers, lowest first`,
  ];
  if (data && data.restaurants.length > DRAWN) {
    const drawn = DRAWN;
    const all = data.restaurants.length;
    parts.push(t`the chart shows the ${drawn} lowest, the table all ${all}`);
  }
  if (data && data.withoutAssignments > 0) {
    const withoutAssignments = data.withoutAssignments;
    parts.push(
      plural(withoutAssignments, {
        one: '# restaurant without assigned trainings is left out',
        other: '# restaurants without assigned trainings are left out',
      }),
    );
  }
  return `${parts.join('; ')}.`;
}

function summaryOf(data: TrainingCompletionByRestaurant): string {
  const lowest = data.restaurants[0];
  const highest = data.restaurants.at(-1);
  if (!lowest || !highest) return t`No trainings assigned yet.`;
  const lowestName = lowest.restaurant.name;
  const lowestPercent = percentText(lowest.percent);
  if (lowest === highest) return t`${lowestName} has completed ${lowestPercent} of its assigned trainings.`;
  const highestName = highest.restaurant.name;
  const highestPercent = percentText(highest.percent);
  const restaurants = data.restaurants.length;
  return plural(restaurants, {
    one: `Across # restaurant, training completion ranges from ${lowestPercent} at ${lowestName} to ${highestPercent} at ${highestName}.`,
    other: `Across # restaurants, training completion ranges from ${lowestPercent} at ${lowestName} to ${highestPercent} at ${highestName}.`,
  });
}

function CompletionTable({ data }: { data: TrainingCompletionByRestaurant }) {
  const { i18n } = useLingui();
  const title = i18n._(TITLE);
  return (
    // Focusable, so that a keyboard can scroll it (a scrolling region must be reachable).
    <Box
      mah={TABLE_MAX_HEIGHT}
      style={{ overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t`${title}, every restaurant`}
    >
      <DataTable
        rows={data.restaurants}
        columns={[
          { header: t`Restaurant`, cell: (entry) => entry.restaurant.name },
          { header: t`Completed`, cell: (entry) => entry.completed },
          { header: t`Assigned`, cell: (entry) => entry.total },
          { header: t`Completion`, cell: (entry) => percentText(entry.percent) },
        ]}
        rowKey={(entry) => entry.restaurant.id}
        label={t`${title}, as a table`}
        tableProps={{ verticalSpacing: 4, stickyHeader: true }}
      />
    </Box>
  );
}
