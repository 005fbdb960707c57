import { CHART_WEEKS, type WeeklyTrainingProgress } from '@brigade/core/schemas/dashboard-charts';
import { Table } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { BarChart } from '../../components/charts/lazy-charts';
import { weekLabel } from '../../lib/locale-format';
import { useManagerTrainingProgress } from './api/get-manager-training-progress';
import { chartQueryState } from './chart-format';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = 'Staff trainings per week';

/**
 * The manager: per week (Monday to Sunday, UTC) of the last 12, the trainings the
 * restaurant's staff completed during it, and their assignments still incomplete when
 * it ended (this week: incomplete now, the Active Trainings card's count).
 */
export function ManagerTrainingProgressChart({ restaurantId, ready }: { restaurantId: string } & ChartReadiness) {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const progress = useManagerTrainingProgress(restaurantId, { enabled: ready && seen });
  const data = progress.data;

  return (
    <div ref={ref}>
      <ChartPanel
        title={TITLE}
        description="Per week: trainings your staff completed that week, and assignments still incomplete at the end of it"
        summary={data ? summaryOf(data) : ''}
        height={260}
        {...chartQueryState(progress)}
        empty={{
          when: data?.weeks.every((week) => week.completed === 0 && week.incomplete === 0) ?? false,
          title: `No staff trainings in the last ${CHART_WEEKS} weeks`,
          description: 'Assign trainings to your staff to follow their progress here.',
        }}
        chart={
          data && (
            <BarChart
              h={260}
              data={data.weeks.map((week) => ({
                week: weekLabel(week.weekStart),
                completed: week.completed,
                incomplete: week.incomplete,
              }))}
              dataKey="week"
              series={[
                { name: 'completed', label: 'Completed that week', color: 'teal.8' },
                { name: 'incomplete', label: 'Incomplete at week end', color: 'orange.7' },
              ]}
              withLegend
              yAxisProps={{ allowDecimals: false, width: 40 }}
              accessibilityLayer={false}
            />
          )
        }
        table={
          data && (
            <Table verticalSpacing={4} aria-label={`${TITLE}, as a table`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Week of</Table.Th>
                  <Table.Th>Completed that week</Table.Th>
                  <Table.Th>Incomplete at week end</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.weeks.map((week) => (
                  <Table.Tr key={week.weekStart}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{weekLabel(week.weekStart)}</Table.Td>
                    <Table.Td>{week.completed}</Table.Td>
                    <Table.Td>{week.incomplete}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      />
    </div>
  );
}

/** Plural-aware "3 trainings" / "1 training". */
function trainings(count: number) {
  return `${count} ${count === 1 ? 'training' : 'trainings'}`;
}

function summaryOf(data: WeeklyTrainingProgress): string {
  const first = data.weeks[0];
  const last = data.weeks.at(-1);
  if (!first || !last) return `No staff trainings in the last ${CHART_WEEKS} weeks.`;
  return (
    `At the end of the week of ${weekLabel(first.weekStart)} ${trainings(first.incomplete)} of your staff were incomplete; ` +
    `this week ${trainings(last.completed)} completed so far and ${trainings(last.incomplete)} incomplete now.`
  );
}
