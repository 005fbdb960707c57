import { RECENT_AUDIT_SCORES, type RecentAuditScores } from '@brigade/core/schemas/dashboard-charts';
import { Table } from '@mantine/core';
import { ChartPanel } from '../../components/charts/chart-panel';
import { LineChart } from '../../components/charts/lazy-charts';
import { formatDate } from '../../lib/format-date';
import { useManagerAuditScores } from './api/get-manager-audit-scores';
import { chartQueryState, PERCENT_DOMAIN, PERCENT_TICKS, percentText } from './chart-format';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = 'Audit score trend';

/** The manager: the selected restaurant's last 10 completed audits, oldest first, with their average. */
export function ManagerAuditScoresChart({ restaurantId, ready }: { restaurantId: string } & ChartReadiness) {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const scores = useManagerAuditScores(restaurantId, { enabled: ready && seen });
  const data = scores.data;

  return (
    <div ref={ref}>
      <ChartPanel
        title={TITLE}
        description={`Final scores of the last ${RECENT_AUDIT_SCORES} completed audits, oldest first`}
        summary={data ? summaryOf(data) : ''}
        height={260}
        {...chartQueryState(scores)}
        empty={{
          when: data !== undefined && data.audits.length === 0,
          title: 'No completed audits yet',
          description: "The trend shows once head office completes this restaurant's first audit.",
        }}
        chart={
          data && (
            <LineChart
              h={260}
              data={data.audits.map((audit) => ({ date: formatDate(audit.auditedAt), score: audit.score }))}
              dataKey="date"
              series={[{ name: 'score', label: 'Score', color: 'indigo.7' }]}
              curveType="linear"
              yAxisProps={{ domain: PERCENT_DOMAIN, ticks: PERCENT_TICKS, width: 48 }}
              valueFormatter={percentText}
              referenceLines={
                data.average === null
                  ? []
                  : [
                      {
                        y: data.average,
                        label: `Average ${percentText(data.average)}`,
                        labelPosition: 'insideBottomLeft',
                        color: 'gray.7',
                      },
                    ]
              }
              accessibilityLayer={false}
            />
          )
        }
        table={
          data && (
            <Table verticalSpacing={4} aria-label={`${TITLE}, as a table`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Audit date</Table.Th>
                  <Table.Th>Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.audits.map((audit) => (
                  <Table.Tr key={audit.id}>
                    <Table.Td>{formatDate(audit.auditedAt)}</Table.Td>
                    <Table.Td>{percentText(audit.score)}</Table.Td>
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

function summaryOf(data: RecentAuditScores): string {
  const first = data.audits[0];
  const last = data.audits.at(-1);
  if (!first || !last || data.average === null) return 'No completed audits yet.';
  if (first === last) return `One completed audit, on ${formatDate(first.auditedAt)}: ${percentText(first.score)}.`;
  return (
    `The last ${data.audits.length} completed audits went from ${percentText(first.score)} on ${formatDate(first.auditedAt)} ` +
    `to ${percentText(last.score)} on ${formatDate(last.auditedAt)}; their average is ${percentText(data.average)}.`
  );
}
