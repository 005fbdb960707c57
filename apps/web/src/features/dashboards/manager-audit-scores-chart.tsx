import { RECENT_AUDIT_SCORES, type RecentAuditScores } from '@brigade/core/schemas/dashboard-charts';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ChartPanel } from '../../components/charts/chart-panel';
import { LineChart } from '../../components/charts/lazy-charts';
import { DataTable } from '../../components/data-list/data-table';
import { formatDate } from '../../lib/format-date';
import { useManagerAuditScores } from './api/get-manager-audit-scores';
import { chartQueryState, PERCENT_DOMAIN, PERCENT_TICKS, percentText } from './chart-format';
import { type ChartReadiness, useSeen } from './use-seen';

const TITLE = msg`Audit score trend`;

/** The manager: the selected restaurant's last 10 completed audits, oldest first, with their average. */
export function ManagerAuditScoresChart({ restaurantId, ready }: { restaurantId: string } & ChartReadiness) {
  // The sentences below are written in the active language; this re-renders them when it changes.
  const { i18n } = useLingui();
  const title = i18n._(TITLE);
  const recent = RECENT_AUDIT_SCORES;
  const { ref, seen } = useSeen<HTMLDivElement>();
  const scores = useManagerAuditScores(restaurantId, { enabled: ready && seen });
  const data = scores.data;

  return (
    <div ref={ref}>
      <ChartPanel
        title={title}
        description={t`Final scores of the last ${recent} completed audits, oldest first`}
        summary={data ? summaryOf(data) : ''}
        height={260}
        {...chartQueryState(scores)}
        empty={{
          when: data !== undefined && data.audits.length === 0,
          title: t`No completed audits yet`,
          description: t`The trend shows once head office completes this restaurant's first audit.`,
        }}
        chart={
          data && (
            <LineChart
              h={260}
              data={data.audits.map((audit) => ({ date: formatDate(audit.auditedAt), score: audit.score }))}
              dataKey="date"
              series={[{ name: 'score', label: t`Score`, color: 'indigo.7' }]}
              curveType="linear"
              yAxisProps={{ domain: PERCENT_DOMAIN, ticks: PERCENT_TICKS, width: 48 }}
              valueFormatter={percentText}
              referenceLines={
                data.average === null
                  ? []
                  : [
                      {
                        y: data.average,
                        label: averageLabel(data.average),
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
            <DataTable
              rows={data.audits}
              columns={[
                { header: t`Audit date`, cell: (audit) => formatDate(audit.auditedAt) },
                { header: t`Score`, cell: (audit) => percentText(audit.score) },
              ]}
              rowKey={(audit) => audit.id}
              label={t`${title}, as a table`}
              tableProps={{ verticalSpacing: 4 }}
            />
          )
        }
      />
    </div>
  );
}

/** The reference line's label: "Average 78%". */
function averageLabel(value: number): string {
  const average = percentText(value);
  return t`Average ${average}`;
}

function summaryOf(data: RecentAuditScores): string {
  const first = data.audits[0];
  const last = data.audits.at(-1);
  if (!first || !last || data.average === null) return t`No completed audits yet.`;
  const firstDate = formatDate(first.auditedAt);
  const firstScore = percentText(first.score);
  if (first === last) return t`One completed audit, on ${firstDate}: ${firstScore}.`;
  const count = data.audits.length;
  const lastScore = percentText(last.score);
  const lastDate = formatDate(last.auditedAt);
  const average = percentText(data.average);
  return t`The last ${count} completed audits went from ${firstScore} on ${firstDate} to ${lastScore} on ${lastDate}; their average is ${average}.`;
}
