import { CHART_WEEKS, type WeeklyTrainingProgress } from '@brigade/core/schemas/dashboard-charts';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ChartPanel } from '../../components/charts/chart-panel';
import { BarChart } from '../../components/charts/lazy-charts';
import { DataTable } from '../../components/data-list/data-table';
import { weekLabel } from '../../lib/locale-format';
import { useManagerTrainingProgress } from './api/get-manager-training-progress';
import { chartQueryState } from './chart-format';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = msg`Staff trainings per week`;

/**
 * The manager: per week (Monday to Sunday, UTC) of the last 12, the trainings the
 * restaurant's staff completed during it, and their assignments still incomplete when
 * it ended (this week: incomplete now, the Active Trainings card's count).
 */
export function ManagerTrainingProgressChart({ restaurantId, ready }: { restaurantId: string } & ChartReadiness) {
  // The sentences below are written in the active language; this re-renders them when it changes.
  const { i18n } = useLingui();
  const title = i18n._(TITLE);
  const weeks = CHART_WEEKS;
  const { ref, seen } = useSeen<HTMLDivElement>();
  const progress = useManagerTrainingProgress(restaurantId, { enabled: ready && seen });
  const data = progress.data;

  return (
    <div ref={ref}>
      <ChartPanel
        title={title}
        description={t`Per week: trainings your staff completed that week, and assignments still incomplete at the end of it`}
        summary={data ? summaryOf(data) : ''}
        height={260}
        {...chartQueryState(progress)}
        empty={{
          when: data?.weeks.every((week) => week.completed === 0 && week.incomplete === 0) ?? false,
          title: t`No staff trainings in the last ${weeks} weeks`,
          description: t`Assign trainings to your staff to follow their progress here.`,
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
                { name: 'completed', label: t`Completed that week`, color: 'teal.8' },
                { name: 'incomplete', label: t`Incomplete at week end`, color: 'orange.7' },
              ]}
              withLegend
              yAxisProps={{ allowDecimals: false, width: 40 }}
              accessibilityLayer={false}
            />
          )
        }
        table={
          data && (
            <DataTable
              rows={data.weeks}
              columns={[
                { header: t`Week of`, noWrap: true, cell: (week) => weekLabel(week.weekStart) },
                { header: t`Completed that week`, cell: (week) => week.completed },
                { header: t`Incomplete at week end`, cell: (week) => week.incomplete },
              ]}
              rowKey={(week) => week.weekStart}
              label={t`${title}, as a table`}
              tableProps={{ verticalSpacing: 4 }}
            />
          )
        }
      />
    </div>
  );
}

function summaryOf(data: WeeklyTrainingProgress): string {
  const first = data.weeks[0];
  const last = data.weeks.at(-1);
  const weeks = CHART_WEEKS;
  if (!first || !last) return t`No staff trainings in the last ${weeks} weeks.`;
  const week = weekLabel(first.weekStart);
  const incompleteThen = first.incomplete;
  const then = plural(incompleteThen, {
    one: `At the end of the week of ${week} # training of your staff were incomplete;`,
    other: `At the end of the week of ${week} # trainings of your staff were incomplete;`,
  });
  const completedNow = last.completed;
  const completed = plural(completedNow, {
    one: 'this week # training completed so far',
    other: 'this week # trainings completed so far',
  });
  const incompleteNow = last.incomplete;
  const now = plural(incompleteNow, {
    one: 'and # training incomplete now.',
    other: 'and # trainings incomplete now.',
  });
  return `${then} ${completed} ${now}`;
}
