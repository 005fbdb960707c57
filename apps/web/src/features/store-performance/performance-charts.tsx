import { messages } from '@brigade/core/messages';
import { SCORE_TREND_WEEKS, type StoreScoreTrend, type VisitBreakdown } from '@brigade/core/schemas/store-performance';
import { i18n } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { BarChart, LineChart } from '../../components/charts/lazy-charts';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { useCoreText } from '../../lib/i18n';
import { weekLabel } from '../../lib/locale-format';
import { useStoreScoreTrend } from './api/get-store-score-trend';
import { useStoreVisits } from './api/get-store-visits';
import { DeferredDraw } from './deferred-draw';

const RESTAURANT_COLOUR = 'blue.7';
const CHAIN_COLOUR = 'gray.6';
const CHAIN_AVERAGE = msg`Chain average`;
const CHAIN_PER_RESTAURANT = msg`Chain average per restaurant`;

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

interface PerformanceChartsProps {
  restaurantId: string;
  /** Names the restaurant's line and bars. */
  restaurantName: string;
}

/**
 * Store Performance's charts (issue 21): the restaurant's score trend beside the chain's,
 * then its visits by status and their notes by category from the board, each beside the
 * chain's average per restaurant. Side by side on wide screens, stacked on phones.
 */
export function PerformanceCharts({ restaurantId, restaurantName }: PerformanceChartsProps) {
  return (
    <Stack gap="lg">
      <ScoreTrendChart restaurantId={restaurantId} restaurantName={restaurantName} />
      <BoardCharts restaurantId={restaurantId} restaurantName={restaurantName} />
    </Stack>
  );
}

type FiguresRow = readonly (string | number)[];

/** A chart's figures as a table: its text alternative, and the place to read exact numbers. */
function FiguresTable({ label, headers, rows }: { label: string; headers: string[]; rows: FiguresRow[] }) {
  const columns: DataColumn<FiguresRow>[] = headers.map((header, index) => ({
    header,
    align: index === 0 ? undefined : 'right',
    cell: (row) => row[index],
  }));
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(row) => String(row[0])}
      label={label}
      scroll={{ minWidth: 360, label }}
      tableProps={{ striped: true, verticalSpacing: 'xs' }}
    />
  );
}

/**
 * The restaurant's weekly average score of completed audits over the last 12 weeks, and
 * the chain's average over the same weeks (every completed audit of any restaurant).
 */
function ScoreTrendChart({ restaurantId, restaurantName }: PerformanceChartsProps) {
  const { i18n, t } = useLingui();
  const { text } = useCoreText();
  const trend = useStoreScoreTrend(restaurantId);
  const data = trend.data;
  const title = t`Audit Score Trend`;
  const weeks = SCORE_TREND_WEEKS;
  const chainAverage = i18n._(CHAIN_AVERAGE);
  const chainTotal = percent(data?.total.chain ?? null);
  const chainAudits = data?.total.chainAudits ?? 0;
  return (
    <ChartPanel
      title={title}
      description={t`Weekly average score of completed audits over the last ${weeks} weeks, beside the chain's`}
      summary={data ? scoreSummary(data, restaurantName) : ''}
      loading={trend.isPending}
      error={
        trend.isError
          ? {
              message: text(messages.storeDataLoadFailed),
              onRetry: () => void trend.refetch(),
              retrying: trend.isFetching,
            }
          : undefined
      }
      empty={{
        when: data !== undefined && data.total.restaurantAudits === 0,
        title: t`No completed audits in the last ${weeks} weeks`,
        description:
          data?.total.chain === null || data === undefined
            ? t`None in the rest of the chain either.`
            : t({
                message: plural(chainAudits, {
                  one: `The chain averaged ${chainTotal} over # audit in those weeks.`,
                  other: `The chain averaged ${chainTotal} over # audits in those weeks.`,
                }),
              }),
      }}
      chart={
        <DeferredDraw height={260}>
          <LineChart
            h={260}
            data={(data?.weeks ?? []).map((week) => ({
              week: weekLabel(week.weekStart),
              restaurant: week.restaurant,
              chain: week.chain,
            }))}
            dataKey="week"
            series={[
              { name: 'restaurant', label: restaurantName, color: RESTAURANT_COLOUR },
              { name: 'chain', label: chainAverage, color: CHAIN_COLOUR, strokeDasharray: '5 5' },
            ]}
            unit="%"
            yAxisProps={{ domain: [0, 100] }}
            curveType="linear"
            connectNulls
            withLegend
            // The panel's Table view is the keyboard's and screen reader's way in.
            accessibilityLayer={false}
          />
        </DeferredDraw>
      }
      table={
        <FiguresTable
          label={t`${title} by week`}
          headers={[t`Week of`, restaurantName, t`Audits`, chainAverage, t`Chain audits`]}
          rows={(data?.weeks ?? []).map((week) => [
            weekLabel(week.weekStart),
            percent(week.restaurant),
            week.restaurantAudits,
            percent(week.chain),
            week.chainAudits,
          ])}
        />
      }
    />
  );
}

/** Written in the active language (the `t` and `plural` macros read the active catalogue). */
function scoreSummary({ weeks, total }: StoreScoreTrend, restaurantName: string): string {
  const audited = weeks
    .filter((week) => week.restaurant !== null)
    .map((week) => `${weekLabel(week.weekStart)} ${percent(week.restaurant)}`)
    .join(', ');
  const name = restaurantName;
  const average = percent(total.restaurant);
  const chainAverage = percent(total.chain);
  const count = SCORE_TREND_WEEKS;
  const audits = total.restaurantAudits;
  const chainAudits = total.chainAudits;
  const chain =
    total.chain === null
      ? t`the chain had no completed audits`
      : plural(chainAudits, {
          one: `the chain averaged ${chainAverage} over # audit`,
          other: `the chain averaged ${chainAverage} over # audits`,
        });
  const own = plural(audits, {
    one: `${name} averaged ${average} over # completed audit in the last ${count} weeks`,
    other: `${name} averaged ${average} over # completed audits in the last ${count} weeks`,
  });
  return t`${own}; ${chain}. Weeks with audits: ${audited}.`;
}

/** One bar pair per status or category that either the restaurant or the chain has. */
interface BarRow {
  label: string;
  count: number;
  chainAverage: number;
}

/** Why a board chart cannot draw: the board is not set up, or failed. */
interface Unavailable {
  title: string;
  description: string;
}

/** What a board chart counts: visits or notes. */
type Counted = 'visit' | 'note';

/** The sentences that name what a chart counts, in the active language. */
function countedTexts(counted: Counted) {
  return counted === 'visit'
    ? {
        description: t`This restaurant's visits on the board, beside the chain's average per restaurant`,
        chainAverages: (average: number) => t`The chain averages ${average} visits per restaurant.`,
        count: (count: number) => plural(count, { one: '# visit', other: '# visits' }),
        average: (average: number) => t`${average} visits`,
      }
    : {
        description: t`This restaurant's notes on the board, beside the chain's average per restaurant`,
        chainAverages: (average: number) => t`The chain averages ${average} notes per restaurant.`,
        count: (count: number) => plural(count, { one: '# note', other: '# notes' }),
        average: (average: number) => t`${average} notes`,
      };
}

/**
 * Visits by status and notes by category, from the visits answer (the board read once,
 * as for the table). When the board is not configured, or failed (the visits table says
 * so once, with Retry), the charts say why instead of drawing.
 */
function BoardCharts({ restaurantId, restaurantName }: PerformanceChartsProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const visits = useStoreVisits(restaurantId);
  const breakdown = visits.data?.breakdown;
  const unavailable: Unavailable | null = visits.isError
    ? { title: text(messages.storeVisitsFailed), description: t`Retry from Recent Store Visits.` }
    : visits.data && !breakdown
      ? {
          title: text(messages.storeVisitsNotConfigured),
          description: t`These charts fill from the monday.com board once it is set up.`,
        }
      : null;
  const common = { restaurantName, loading: visits.isPending, unavailable };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <BreakdownChart
        {...common}
        title={t`Store Visits by Status`}
        counted="visit"
        column={t`Status`}
        none={text(messages.noStoreVisits)}
        rows={breakdown?.byStatus.map(({ status, ...counts }) => ({ label: status, ...counts }))}
        totals={breakdown?.visits}
      />
      <BreakdownChart
        {...common}
        title={t`Visit Notes by Category`}
        counted="note"
        column={t`Category`}
        none={t`No visit notes for this restaurant`}
        rows={breakdown?.byCategory.map(({ category, ...counts }) => ({ label: category, ...counts }))}
        totals={breakdown?.notes}
      />
    </SimpleGrid>
  );
}

interface BreakdownChartProps {
  title: string;
  restaurantName: string;
  /** What is counted: visits or notes. */
  counted: Counted;
  /** The table's first header. */
  column: string;
  /** The empty state's title when the restaurant has none. */
  none: string;
  loading: boolean;
  unavailable: Unavailable | null;
  rows: BarRow[] | undefined;
  totals: VisitBreakdown['visits'] | undefined;
}

/** Bars across, one pair per row: the restaurant's count and the chain's average per restaurant. */
function BreakdownChart({
  title,
  restaurantName,
  counted,
  column,
  none,
  loading,
  unavailable,
  rows = [],
  totals,
}: BreakdownChartProps) {
  const { i18n, t } = useLingui();
  const shown = rows.filter((row) => row.count > 0 || row.chainAverage > 0);
  const height = barHeight(shown.length);
  const texts = countedTexts(counted);
  const chainPerRestaurant = i18n._(CHAIN_PER_RESTAURANT);
  return (
    <ChartPanel
      title={title}
      description={texts.description}
      summary={totals ? barSummary(restaurantName, counted, shown, totals) : ''}
      height={height}
      loading={loading}
      empty={
        unavailable
          ? { when: true, ...unavailable }
          : {
              when: totals !== undefined && totals.count === 0,
              title: none,
              description: totals ? texts.chainAverages(totals.chainAverage) : undefined,
            }
      }
      chart={
        <DeferredDraw height={height}>
          <BarChart
            h={height}
            data={shown}
            dataKey="label"
            orientation="vertical"
            series={[
              { name: 'count', label: restaurantName, color: RESTAURANT_COLOUR },
              { name: 'chainAverage', label: chainPerRestaurant, color: CHAIN_COLOUR },
            ]}
            yAxisProps={{ width: 150 }}
            withLegend
            accessibilityLayer={false}
          />
        </DeferredDraw>
      }
      table={
        <FiguresTable
          label={t`${title} figures`}
          headers={[column, restaurantName, chainPerRestaurant]}
          rows={shown.map((row) => [row.label, row.count, row.chainAverage])}
        />
      }
    />
  );
}

/** Bars lie across, one pair per row: the drawing grows with the rows (the legend below). */
const barHeight = (rows: number) => Math.max(180, 60 + rows * 44);

function barSummary(
  restaurantName: string,
  counted: Counted,
  rows: BarRow[],
  totals: VisitBreakdown['visits'],
): string {
  const texts = countedTexts(counted);
  const ownRows = rows.filter((row) => row.count > 0).map((row) => `${row.label} ${row.count}`);
  const chainRows = rows.filter((row) => row.chainAverage > 0).map((row) => `${row.label} ${row.chainAverage}`);
  const name = restaurantName;
  const count = texts.count(totals.count);
  const own = ownRows.length ? ` (${ownRows.join(', ')})` : '';
  const label = i18n._(CHAIN_PER_RESTAURANT);
  const average = texts.average(totals.chainAverage);
  const chain = chainRows.length ? ` (${chainRows.join(', ')})` : '';
  return t`${name}: ${count}${own}. ${label}: ${average}${chain}.`;
}
