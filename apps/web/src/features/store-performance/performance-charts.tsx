import { messages } from '@brigade/core/messages';
import { SCORE_TREND_WEEKS, type StoreScoreTrend, type VisitBreakdown } from '@brigade/core/schemas/store-performance';
import { SimpleGrid, Stack, Table } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { BarChart, LineChart } from '../../components/charts/lazy-charts';
import { weekLabel } from '../../lib/locale-format';
import { useStoreScoreTrend } from './api/get-store-score-trend';
import { useStoreVisits } from './api/get-store-visits';
import { DeferredDraw } from './deferred-draw';

const RESTAURANT_COLOUR = 'blue.7';
const CHAIN_COLOUR = 'gray.6';
const CHAIN_AVERAGE = 'Chain average';
const CHAIN_PER_RESTAURANT = 'Chain average per restaurant';

/** A week's Monday (`YYYY-MM-DD`, UTC) as the axis and the table show it: "23 Nov". */

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

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

/** A chart's figures as a table: its text alternative, and the place to read exact numbers. */
function FiguresTable({ label, headers, rows }: { label: string; headers: string[]; rows: (string | number)[][] }) {
  return (
    <Table.ScrollContainer minWidth={360} type="native" tabIndex={0} role="group" aria-label={label} pos="relative">
      <Table aria-label={label} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={header} ta={index === 0 ? undefined : 'right'}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={String(row[0])}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <Table.Td key={index} ta={index === 0 ? undefined : 'right'}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The restaurant's weekly average score of completed audits over the last 12 weeks, and
 * the chain's average over the same weeks (every completed audit of any restaurant).
 */
function ScoreTrendChart({ restaurantId, restaurantName }: PerformanceChartsProps) {
  const trend = useStoreScoreTrend(restaurantId);
  const data = trend.data;
  const title = 'Audit Score Trend';
  return (
    <ChartPanel
      title={title}
      description={`Weekly average score of completed audits over the last ${SCORE_TREND_WEEKS} weeks, beside the chain's`}
      summary={data ? scoreSummary(data, restaurantName) : ''}
      loading={trend.isPending}
      error={
        trend.isError
          ? { message: messages.storeDataLoadFailed, onRetry: () => void trend.refetch(), retrying: trend.isFetching }
          : undefined
      }
      empty={{
        when: data !== undefined && data.total.restaurantAudits === 0,
        title: `No completed audits in the last ${SCORE_TREND_WEEKS} weeks`,
        description:
          data?.total.chain === null || data === undefined
            ? 'None in the rest of the chain either.'
            : `The chain averaged ${percent(data.total.chain)} over ${plural(data.total.chainAudits, 'audit')} in those weeks.`,
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
              { name: 'chain', label: CHAIN_AVERAGE, color: CHAIN_COLOUR, strokeDasharray: '5 5' },
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
          label={`${title} by week`}
          headers={['Week of', restaurantName, 'Audits', CHAIN_AVERAGE, 'Chain audits']}
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

function scoreSummary({ weeks, total }: StoreScoreTrend, restaurantName: string): string {
  const audited = weeks
    .filter((week) => week.restaurant !== null)
    .map((week) => `${weekLabel(week.weekStart)} ${percent(week.restaurant)}`);
  const chain =
    total.chain === null
      ? 'the chain had no completed audits'
      : `the chain averaged ${percent(total.chain)} over ${plural(total.chainAudits, 'audit')}`;
  return (
    `${restaurantName} averaged ${percent(total.restaurant)} over ${plural(total.restaurantAudits, 'completed audit')} ` +
    `in the last ${SCORE_TREND_WEEKS} weeks; ${chain}. Weeks with audits: ${audited.join(', ')}.`
  );
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

/**
 * Visits by status and notes by category, from the visits answer (the board read once,
 * as for the table). When the board is not configured, or failed (the visits table says
 * so once, with Retry), the charts say why instead of drawing.
 */
function BoardCharts({ restaurantId, restaurantName }: PerformanceChartsProps) {
  const visits = useStoreVisits(restaurantId);
  const breakdown = visits.data?.breakdown;
  const unavailable: Unavailable | null = visits.isError
    ? { title: messages.storeVisitsFailed, description: 'Retry from Recent Store Visits.' }
    : visits.data && !breakdown
      ? {
          title: messages.storeVisitsNotConfigured,
          description: 'These charts fill from the monday.com board once it is set up.',
        }
      : null;
  const common = { restaurantName, loading: visits.isPending, unavailable };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <BreakdownChart
        {...common}
        title="Store Visits by Status"
        noun="visit"
        column="Status"
        none={messages.noStoreVisits}
        rows={breakdown?.byStatus.map(({ status, ...counts }) => ({ label: status, ...counts }))}
        totals={breakdown?.visits}
      />
      <BreakdownChart
        {...common}
        title="Visit Notes by Category"
        noun="note"
        column="Category"
        none="No visit notes for this restaurant"
        rows={breakdown?.byCategory.map(({ category, ...counts }) => ({ label: category, ...counts }))}
        totals={breakdown?.notes}
      />
    </SimpleGrid>
  );
}

interface BreakdownChartProps {
  title: string;
  restaurantName: string;
  /** What is counted ("visit", "note"). */
  noun: string;
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
  noun,
  column,
  none,
  loading,
  unavailable,
  rows = [],
  totals,
}: BreakdownChartProps) {
  const shown = rows.filter((row) => row.count > 0 || row.chainAverage > 0);
  const height = barHeight(shown.length);
  return (
    <ChartPanel
      title={title}
      description={`This restaurant's ${noun}s on the board, beside the chain's average per restaurant`}
      summary={totals ? barSummary(restaurantName, noun, shown, totals) : ''}
      height={height}
      loading={loading}
      empty={
        unavailable
          ? { when: true, ...unavailable }
          : {
              when: totals !== undefined && totals.count === 0,
              title: none,
              description: totals ? `The chain averages ${totals.chainAverage} ${noun}s per restaurant.` : undefined,
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
              { name: 'chainAverage', label: CHAIN_PER_RESTAURANT, color: CHAIN_COLOUR },
            ]}
            yAxisProps={{ width: 150 }}
            withLegend
            accessibilityLayer={false}
          />
        </DeferredDraw>
      }
      table={
        <FiguresTable
          label={`${title} figures`}
          headers={[column, restaurantName, CHAIN_PER_RESTAURANT]}
          rows={shown.map((row) => [row.label, row.count, row.chainAverage])}
        />
      }
    />
  );
}

/** Bars lie across, one pair per row: the drawing grows with the rows (the legend below). */
const barHeight = (rows: number) => Math.max(180, 60 + rows * 44);

function barSummary(restaurantName: string, noun: string, rows: BarRow[], totals: VisitBreakdown['visits']): string {
  const own = rows.filter((row) => row.count > 0).map((row) => `${row.label} ${row.count}`);
  const chain = rows.filter((row) => row.chainAverage > 0).map((row) => `${row.label} ${row.chainAverage}`);
  return (
    `${restaurantName}: ${plural(totals.count, noun)}${own.length ? ` (${own.join(', ')})` : ''}. ` +
    `${CHAIN_PER_RESTAURANT}: ${totals.chainAverage} ${noun}s${chain.length ? ` (${chain.join(', ')})` : ''}.`
  );
}
