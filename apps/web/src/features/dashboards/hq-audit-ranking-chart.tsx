import {
  type AuditScoreRanking,
  type RankedRestaurant,
  SCORE_RANKING_DAYS,
  SCORE_RANKING_SIZE,
} from '@brigade/core/schemas/dashboard-charts';
import { type ScoreColour, scoreColour } from '@brigade/core/scoring';
import { Table } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { useHqAuditRanking } from './api/get-hq-audit-ranking';
import { chartQueryState, countOf, percentText } from './chart-format';
import { barsHeight, RestaurantPercentBars } from './restaurant-percent-bars';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = 'Lowest and highest scoring restaurants';
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
  const { ref, seen } = useSeen<HTMLDivElement>();
  const ranking = useHqAuditRanking({ enabled: ready && seen });
  const data = ranking.data;
  const ranked = data ? rankedOf(data) : [];
  const height = barsHeight(ranked.length);

  return (
    <div ref={ref}>
      <ChartPanel
        title={TITLE}
        description={descriptionOf(data)}
        summary={data ? summaryOf(data) : ''}
        height={data ? height : 300}
        {...chartQueryState(ranking)}
        empty={{
          when: data !== undefined && data.ranked === 0,
          title: `No completed audits in the last ${SCORE_RANKING_DAYS} days`,
          description: 'Restaurants are ranked once they have a completed audit.',
        }}
        chart={
          data && (
            <RestaurantPercentBars
              bars={ranked.map((entry) => ({ name: entry.restaurant.name, percent: entry.average }))}
              label="Average score"
              color={(value) => BAR_COLOURS[scoreColour(value)]}
            />
          )
        }
        table={data && <RankingTable ranked={ranked} />}
      />
    </div>
  );
}

function descriptionOf(data: AuditScoreRanking | undefined): string {
  const line = `Average score of completed audits in the last ${SCORE_RANKING_DAYS} days, lowest first`;
  if (!data || data.unranked === 0) return line;
  return `${line}. ${countOf(data.unranked, 'restaurant')} without a completed audit in that time ${data.unranked === 1 ? 'is' : 'are'} left out.`;
}

function summaryOf(data: AuditScoreRanking): string {
  const lowest = data.lowest[0];
  const highest = data.highest[0] ?? data.lowest.at(-1);
  if (!lowest || !highest) return `No completed audits in the last ${SCORE_RANKING_DAYS} days.`;
  const shown = data.lowest.length + data.highest.length;
  return (
    `Of ${countOf(data.ranked, 'restaurant')} audited in the last ${SCORE_RANKING_DAYS} days, ` +
    `the lowest average is ${lowest.restaurant.name} at ${percentText(lowest.average)}, ` +
    `the highest ${highest.restaurant.name} at ${percentText(highest.average)}` +
    (shown < data.ranked ? ` (the ${SCORE_RANKING_SIZE} lowest and ${SCORE_RANKING_SIZE} highest are shown).` : '.')
  );
}

function RankingTable({ ranked }: { ranked: Ranked[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} aria-label={`${TITLE}, as a table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Restaurant</Table.Th>
            <Table.Th>Average score</Table.Th>
            <Table.Th>Audits</Table.Th>
            <Table.Th>Group</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ranked.map((entry) => (
            <Table.Tr key={entry.restaurant.id}>
              <Table.Td>{entry.restaurant.name}</Table.Td>
              <Table.Td>{percentText(entry.average)}</Table.Td>
              <Table.Td>{entry.audits}</Table.Td>
              <Table.Td>
                {entry.group === 'Lowest' ? `${SCORE_RANKING_SIZE} lowest` : `${SCORE_RANKING_SIZE} highest`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
