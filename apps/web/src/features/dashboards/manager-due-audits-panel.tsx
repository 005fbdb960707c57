import { addDays } from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { ManagerDueAuditsPanel as Panel } from '@brigade/core/schemas/audit-schedules';
import { Trans } from '@lingui/react/macro';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { EmptyList } from '../../components/empty-list';
import { formatDate } from '../../lib/format-date';
import { formatPeriod } from '../../lib/format-period';
import { useCoreText } from '../../lib/i18n';
import classes from './dashboard-card.module.css';
import { ListSkeleton } from './dashboard-skeleton';

/** The manager dashboard's due audits (issue 19): the restaurant's audits due now, soonest first, then missed. */
export function ManagerDueAuditsPanel({ panel }: { panel: Panel | undefined }) {
  const { text } = useCoreText();
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={2} mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Due Audits</Trans>
        </Title>
        <Text size="sm" c="gray.7">
          {panel ? (
            <DueLine due={panel.due} dueBy={panel.dueBy} missed={panel.missed} />
          ) : (
            <Trans>Due now and missed</Trans>
          )}
        </Text>
      </Stack>
      {panel === undefined ? (
        <ListSkeleton rows={2} height={30} />
      ) : panel.entries.length === 0 ? (
        <EmptyList
          title={text(scheduleMessages.noDueAudits)}
          description={text(scheduleMessages.noDueAuditsHint)}
          icon={<IconCalendarCheck size={28} aria-hidden />}
        />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {panel.entries.map((entry) => (
            <li key={entry.id} className={classes.item}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {entry.schedule.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {formatPeriod(entry.periodStart, entry.periodEnd)}
                  </Text>
                </Stack>
                <Badge color={entry.status === 'missed' ? 'red.9' : 'yellow.4'} variant="filled" tt="none">
                  {entry.status === 'missed' ? <Trans>Missed</Trans> : <Trans>Due</Trans>}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** "2 due, the first by 6 Dec 2026; 1 missed". */
function DueLine({ due, dueBy, missed }: { due: number; dueBy: string | null; missed: number }) {
  const firstBy = dueBy ? formatDate(addDays(dueBy, -1)) : '';
  return dueBy ? (
    <Trans>
      {due} due, the first by {firstBy}; {missed} missed
    </Trans>
  ) : (
    <Trans>0 due; {missed} missed</Trans>
  );
}
