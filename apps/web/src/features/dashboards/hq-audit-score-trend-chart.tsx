import { type AuditScoreTrend, CHART_WEEKS, MAX_TREND_RESTAURANTS } from '@brigade/core/schemas/dashboard-charts';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { MultiSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { ChartPanel } from '../../components/charts/chart-panel';
import { LineChart } from '../../components/charts/lazy-charts';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { weekLabel } from '../../lib/locale-format';
import { useHqAuditScoreTrend } from './api/get-hq-audit-score-trend';
import { chartQueryState, PERCENT_DOMAIN, PERCENT_TICKS, percentText } from './chart-format';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = msg`Average audit score per week`;
const CHAIN = 'chain';
/** The chain's line and up to three restaurants': colours told apart at a glance. */
const CHAIN_COLOUR = 'indigo.7';
const RESTAURANT_COLOURS = ['orange.7', 'teal.7', 'grape.7'];

/**
 * hq: the chain's average score of completed audits per week over the last 12 weeks; a
 * week without one is a gap in the line, not a zero. Up to three restaurants chosen
 * beside the chart add their own lines (one request for all lines).
 */
export function HqAuditScoreTrendChart({ ready }: ChartReadiness) {
  // The sentences below are written in the active language; this re-renders them when it changes.
  const { i18n } = useLingui();
  const weeks = CHART_WEEKS;
  const max = MAX_TREND_RESTAURANTS;
  const [restaurantIds, setRestaurantIds] = useState<string[]>([]);
  const { ref, seen } = useSeen<HTMLDivElement>();
  const trend = useHqAuditScoreTrend(restaurantIds, { enabled: ready && seen });
  // The restaurants to choose from are asked for when the list is first opened, not with the dashboard.
  const [choosing, setChoosing] = useState(false);
  const options = useRestaurantOptions({ enabled: choosing });
  const data = trend.data;
  const lines = data?.restaurants ?? [];

  return (
    <div ref={ref}>
      <ChartPanel
        title={i18n._(TITLE)}
        description={t`Completed audits of the whole chain, week by week (Monday to Sunday, UTC), over the last ${weeks} weeks`}
        summary={data ? summaryOf(data) : ''}
        height={280}
        {...chartQueryState(trend)}
        empty={{
          when: data?.chain.every((week) => week.average === null) ?? false,
          title: t`No completed audits in the last ${weeks} weeks`,
          description: t`The chart fills in as audits are submitted.`,
        }}
        controls={
          <MultiSelect
            label={t`Compare restaurants`}
            placeholder={restaurantIds.length < MAX_TREND_RESTAURANTS ? t`Add a restaurant` : undefined}
            description={t`Up to ${max}, each drawn as its own line`}
            data={(options.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            value={restaurantIds}
            onChange={setRestaurantIds}
            maxValues={MAX_TREND_RESTAURANTS}
            searchable
            clearable
            onDropdownOpen={() => setChoosing(true)}
            loading={choosing && options.isPending}
            nothingFoundMessage={options.isPending ? t`Loading restaurants…` : t`No restaurant found`}
            w={{ base: '100%', sm: 420 }}
          />
        }
        chart={
          data && (
            <LineChart
              h={280}
              data={rowsOf(data)}
              dataKey="week"
              series={[
                { name: CHAIN, label: t`Chain average`, color: CHAIN_COLOUR },
                ...lines.map((line, index) => ({
                  name: line.restaurant.id,
                  label: line.restaurant.name,
                  color: RESTAURANT_COLOURS[index % RESTAURANT_COLOURS.length],
                })),
              ]}
              connectNulls={false}
              curveType="linear"
              withLegend={lines.length > 0}
              yAxisProps={{ domain: PERCENT_DOMAIN, ticks: PERCENT_TICKS, width: 48 }}
              valueFormatter={percentText}
              accessibilityLayer={false}
            />
          )
        }
        table={data && <TrendTable data={data} />}
      />
    </div>
  );
}

function rowsOf(data: AuditScoreTrend) {
  return data.chain.map((week, index) => ({
    week: weekLabel(week.weekStart),
    [CHAIN]: week.average,
    ...Object.fromEntries(data.restaurants.map((line) => [line.restaurant.id, line.weeks[index]?.average ?? null])),
  }));
}

/** "Chain average 75% in the week of 6 Oct, 90% in the week of 17 Nov; 8 of 12 weeks without a completed audit." */
function summaryOf(data: AuditScoreTrend): string {
  const scored = data.chain.filter((week) => week.average !== null);
  const first = scored[0];
  const last = scored.at(-1);
  const weeks = CHART_WEEKS;
  if (!first || !last) return t`No completed audits in the last ${weeks} weeks.`;
  const firstAverage = percentText(first.average ?? 0);
  const firstWeek = weekLabel(first.weekStart);
  const lastAverage = percentText(last.average ?? 0);
  const lastWeek = weekLabel(last.weekStart);
  const trend =
    first === last
      ? t`${firstAverage} in the week of ${firstWeek}`
      : t`${firstAverage} in the week of ${firstWeek}, ${lastAverage} in the week of ${lastWeek}`;
  const gaps = data.chain.length - scored.length;
  const total = data.chain.length;
  const names = data.restaurants.map((line) => line.restaurant.name).join(', ');
  const compared = data.restaurants.length ? ` ${t`Also drawn: ${names}.`}` : '';
  return `${t`Chain average audit score: ${trend}; ${gaps} of ${total} weeks without a completed audit.`}${compared}`;
}

/** A restaurant's column: "Riverside (audits)". */
function auditsOf(name: string): string {
  return t`${name} (audits)`;
}

function ScoreCell({ average, audits }: { average: number | null; audits: number }) {
  if (average !== null) return `${percentText(average)} (${audits})`;
  return (
    <Text size="sm" c="gray.7">
      {t`No audits`}
    </Text>
  );
}

function TrendTable({ data }: { data: AuditScoreTrend }) {
  const { i18n } = useLingui();
  const title = i18n._(TITLE);
  type Week = AuditScoreTrend['chain'][number];
  const weekIndex = new Map(data.chain.map((week, index) => [week.weekStart, index]));
  const columns: DataColumn<Week>[] = [
    { header: t`Week of`, noWrap: true, cell: (week) => weekLabel(week.weekStart) },
    { header: t`Chain average (audits)`, cell: (week) => <ScoreCell average={week.average} audits={week.audits} /> },
    ...data.restaurants.map(
      (line): DataColumn<Week> => ({
        header: auditsOf(line.restaurant.name),
        cell: (week) => {
          const weekOfLine = line.weeks[weekIndex.get(week.weekStart) ?? -1];
          return <ScoreCell average={weekOfLine?.average ?? null} audits={weekOfLine?.audits ?? 0} />;
        },
      }),
    ),
  ];
  return (
    <DataTable
      rows={data.chain}
      columns={columns}
      rowKey={(week) => week.weekStart}
      label={t`${title}, as a table`}
      scroll={{ minWidth: 320 + data.restaurants.length * 140 }}
      tableProps={{ verticalSpacing: 4 }}
    />
  );
}
