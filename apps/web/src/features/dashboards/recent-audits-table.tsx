import { messages } from '@brigade/core/messages';
import type { RecentAudit, RecentAudits } from '@brigade/core/schemas/dashboards';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { EmptyList } from '../../components/empty-list';
import { ScoreBadge } from '../../components/score-badge';
import { ViewAuditButton } from '../../components/view-audit-button';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import classes from './dashboard-card.module.css';
import { ListSkeleton, TextSkeleton } from './dashboard-skeleton';

/** Below this width (px) of the panel itself the rows become stacked cards. */
const TABLE_MIN_WIDTH = 640;
/** Before the panel is measured: a guess from the window (62em, Mantine's `md`). */
const WIDE_WINDOW_QUERY = '(min-width: 62em)';

/**
 * Recent Audits (core §2): the latest 10 audits (hq: every restaurant; a manager: the
 * selected one) with the number of audits of each row's restaurant. `undefined` while the
 * dashboard loads: the heading and skeleton rows.
 */
export function RecentAuditsTable({ recentAudits }: { recentAudits: RecentAudits | undefined }) {
  const { text, catalogue } = useCoreText();
  const headingId = useId();
  const { ref, width } = useElementSize();
  const wideWindow = useMediaQuery(WIDE_WINDOW_QUERY, true, { getInitialValueInEffect: false });
  const asTable = width === 0 ? wideWindow : width >= TABLE_MIN_WIDTH;
  const columns = useRecentAuditColumns();

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId} ref={ref}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            <Trans>Recent Audits</Trans>
          </Title>
          {recentAudits ? (
            <Text size="sm" c="gray.7">
              {catalogue.showingAuditsLine(recentAudits.items.length, recentAudits.total)}
            </Text>
          ) : (
            <TextSkeleton width={160} size="sm" />
          )}
        </Stack>
        <Button component={Link} to="/audits-management" variant="default" size="xs">
          <Trans>View All</Trans>
        </Button>
      </Group>
      {recentAudits === undefined ? (
        <ListSkeleton rows={5} height={asTable ? 36 : 64} />
      ) : recentAudits.items.length === 0 ? (
        <EmptyList
          title={text(messages.noAuditsFound)}
          description={text(messages.noAuditsHint)}
          icon={<IconClipboardCheck size={28} aria-hidden />}
        />
      ) : asTable ? (
        <DataTable
          rows={recentAudits.items}
          columns={columns}
          rowKey={(audit) => audit.id}
          labelledBy={headingId}
          tableProps={{ verticalSpacing: 'xs', highlightOnHover: true }}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {recentAudits.items.map((audit) => (
            <li key={audit.id} className={classes.item}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {audit.restaurant.name}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {formatDate(audit.auditedAt)} · <TotalAudits count={audit.restaurantAuditCount} />
                  </Text>
                </Stack>
                <ScoreBadge status={audit.status} score={audit.finalScore} />
              </Group>
              <Group justify="flex-end" mt={6}>
                <ViewAuditButton audit={audit} />
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The wide panel's table: one row per audit, with its restaurant's number of audits. */
function useRecentAuditColumns(): DataColumn<RecentAudit>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Restaurant`,
      cell: (audit) => (
        <Text size="sm" fw={600}>
          {audit.restaurant.name}
        </Text>
      ),
    },
    { header: t`Audit Date`, noWrap: true, cell: (audit) => <Text size="sm">{formatDate(audit.auditedAt)}</Text> },
    { header: t`Score`, cell: (audit) => <ScoreBadge status={audit.status} score={audit.finalScore} /> },
    { header: t`Total Audits`, cell: (audit) => <Text size="sm">{audit.restaurantAuditCount}</Text> },
    { header: t`Actions`, cell: (audit) => <ViewAuditButton audit={audit} /> },
  ];
}

/** "Total Audits: 12", on a stacked card. */
function TotalAudits({ count }: { count: number }) {
  return <Trans>Total Audits: {count}</Trans>;
}
