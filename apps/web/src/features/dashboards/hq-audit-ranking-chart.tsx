import {
  type AuditScoreRanking,
  type RankedRestaurant,
  SCORE_RANKING_DAYS,
  SCORE_RANKING_SIZE,
} from '@brigade/core/schemas/dashboard-charts';
import { type ScoreColour, scoreColour } from '@brigade/core/scoring';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ChartPanel } from '../../components/charts/chart-panel';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { useHqAuditRanking } from './api/get-hq-audit-ranking';
import { chartQueryState, percentText } from './chart-format';
import { barsHeight, RestaurantPercentBars } from './restaurant-percent-bars';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = msg`Lowest and highest scoring restaurants`;
/** The score colours of core §9 (red under 50, yellow under 75, green), as bar fills. */
const BAR_COLOURS: Record<ScoreColour, string> = { red: 'red.7', yellow: 'yellow.5', green: 'green.7', gray: 'gray.5' };

interface Ranked extends RankedRestaurant {
  group: 'Lowest' | 'Highest';
}

/** Lowest first: the five lowest, then the five highest from the fifth best up to the best. */
function rankedOf(data: AuditScoreRanking): Ranked[] {
  return [
    ...data.lowest.map((entry) => ({ ...entry, group: 'Lowest' as const })),
    ...[...data.highest].reverse().map((entry) => ({ ...entry, group: 'Highest' as const })),
  ];
}

/**
 * hq: the active restaurants with the 5 lowest and 5 highest average scores over the
 * last 90 days; restaurants without a completed audit in that time are counted and left out.
 */
export function HqAuditRankingChart({ ready }: ChartReadiness) {
  // The sentences below are written in the active language; this re-renders them when it changes.
  const { i18n } = useLingui();
  const { ref, seen } = useSeen<HTMLDivElement>();
  const ranking = useHqAuditRanking({ enabled: ready && seen });
  const data = ranking.data;
  const ranked = data ? rankedOf(data) : [];
  const height = barsHeight(ranked.length);

  return (
    <div ref={ref}>
      <ChartPanel
        title={i18n._(TITLE)}
        description={descriptionOf(data)}
        summary={data ? summaryOf(data) : ''}
        height={data ? height : 300}
        {...chartQueryState(ranking)}
        empty={{
          when: data !== undefined && data.ranked === 0,
          title: noAudits(),
          description: t`Restaurants are ranked once they have a completed audit.`,
        }}
        chart={
          data && (
            <RestaurantPercentBars
              bars={ranked.map((entry) => ({ name: entry.restaurant.name, percent: entry.average }))}
              label={t`Average score`}
              color={(value) => BAR_COLOURS[scoreColour(value)]}
            />
          )
        }
        table={data && <RankingTable ranked={ranked} />}
      />
    </div>
  );
}

function noAudits(): string {
  const days = SCORE_RANKING_DAYS;
  return t`No completed audits in the last ${days} days`;
}

function descriptionOf(data: AuditScoreRanking | undefined): string {
  const days = SCORE_RANKING_DAYS;
  const line = t`Average score of completed audits in the last ${days} days, lowest first`;
  if (!data || data.unranked === 0) return line;
  const unranked = data.unranked;
  const leftOut = plural(unranked, {
    one: '# restaurant without a completed audit in that time is left out.',
    other: '# restaurants without a completed audit in that time are left out.',
  });
  return `${line}. ${leftOut}`;
}

function summaryOf(data: AuditScoreRanking): string {
  const lowest = data.lowest[0];
  const highest = data.highest[0] ?? data.lowest.at(-1);
  if (!lowest || !highest) return `${noAudits()}.`;
  const shown = data.lowest.length + data.highest.length;
  const days = SCORE_RANKING_DAYS;
  const size = SCORE_RANKING_SIZE;
  const lowestName = lowest.restaurant.name;
  const lowestAverage = percentText(lowest.average);
  const highestName = highest.restaurant.name;
  const highestAverage = percentText(highest.average);
  const audited = data.ranked;
  const ranked = plural(audited, {
    one: `Of # restaurant audited in the last ${days} days, the lowest average is ${lowestName} at ${lowestAverage}, the highest ${highestName} at ${highestAverage}`,
    other: `Of # restaurants audited in the last ${days} days, the lowest average is ${lowestName} at ${lowestAverage}, the highest ${highestName} at ${highestAverage}`,
  });
  return shown < data.ranked ? t`${ranked} (the ${size} lowest and ${size} highest are shown).` : `${ranked}.`;
}

function RankingTable({ ranked }: { ranked: Ranked[] }) {
  const { i18n } = useLingui();
  const title = i18n._(TITLE);
  const size = SCORE_RANKING_SIZE;
  const columns: DataColumn<Ranked>[] = [
    { header: t`Restaurant`, cell: (entry) => entry.restaurant.name },
    { header: t`Average score`, cell: (entry) => percentText(entry.average) },
    { header: t`Audits`, cell: (entry) => entry.audits },
    { header: t`Group`, cell: (entry) => (entry.group === 'Lowest' ? t`${size} lowest` : t`${size} highest`) },
  ];
  return (
    <DataTable
      rows={ranked}
      columns={columns}
      rowKey={(entry) => entry.restaurant.id}
      label={t`${title}, as a table`}
      scroll={{ minWidth: 320 }}
      tableProps={{ verticalSpacing: 4 }}
    />
  );
}
