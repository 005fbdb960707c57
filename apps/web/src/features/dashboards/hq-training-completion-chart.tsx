import type { TrainingCompletionByRestaurant } from '@brigade/core/schemas/dashboard-charts';
import { Box, Table } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { useHqTrainingCompletion } from './api/get-hq-training-completion';
import { chartQueryState, countOf, percentText } from './chart-format';
import { barsHeight, RestaurantPercentBars } from './restaurant-percent-bars';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = 'Training completion per restaurant';
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
  const { ref, seen } = useSeen<HTMLDivElement>();
  const completion = useHqTrainingCompletion({ enabled: ready && seen });
  const data = completion.data;
  const drawn = data?.restaurants.slice(0, DRAWN) ?? [];
  const height = barsHeight(drawn.length);

  return (
    <div ref={ref}>
      <ChartPanel
        title={TITLE}
        description={descriptionOf(data)}
        summary={data ? summaryOf(data) : ''}
        height={data ? height : 300}
        {...chartQueryState(completion)}
        empty={{
          when: data !== undefined && data.restaurants.length === 0,
          title: 'No trainings assigned yet',
          description: 'Completion shows once restaurant staff have trainings assigned.',
        }}
        chart={
          data && (
            <RestaurantPercentBars
              bars={drawn.map((entry) => ({ name: entry.restaurant.name, percent: entry.percent }))}
              label="Completed"
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
    "Completed share of the trainings assigned to each restaurant's active staff and managers, lowest first",
  ];
  if (data && data.restaurants.length > DRAWN)
    parts.push(`the chart shows the ${DRAWN} lowest, the table all ${data.restaurants.length}`);
  if (data && data.withoutAssignments > 0)
    parts.push(
      `${countOf(data.withoutAssignments, 'restaurant')} without assigned trainings ${data.withoutAssignments === 1 ? 'is' : 'are'} left out`,
    );
  return `${parts.join('; ')}.`;
}

function summaryOf(data: TrainingCompletionByRestaurant): string {
  const lowest = data.restaurants[0];
  const highest = data.restaurants.at(-1);
  if (!lowest || !highest) return 'No trainings assigned yet.';
  if (lowest === highest)
    return `${lowest.restaurant.name} has completed ${percentText(lowest.percent)} of its assigned trainings.`;
  return (
    `Across ${countOf(data.restaurants.length, 'restaurant')}, training completion ranges from ` +
    `${percentText(lowest.percent)} at ${lowest.restaurant.name} to ${percentText(highest.percent)} at ${highest.restaurant.name}.`
  );
}

function CompletionTable({ data }: { data: TrainingCompletionByRestaurant }) {
  return (
    // Focusable, so that a keyboard can scroll it (a scrolling region must be reachable).
    <Box
      mah={TABLE_MAX_HEIGHT}
      style={{ overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={`${TITLE}, every restaurant`}
    >
      <Table verticalSpacing={4} stickyHeader aria-label={`${TITLE}, as a table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Restaurant</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Assigned</Table.Th>
            <Table.Th>Completion</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.restaurants.map((entry) => (
            <Table.Tr key={entry.restaurant.id}>
              <Table.Td>{entry.restaurant.name}</Table.Td>
              <Table.Td>{entry.completed}</Table.Td>
              <Table.Td>{entry.total}</Table.Td>
              <Table.Td>{percentText(entry.percent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
