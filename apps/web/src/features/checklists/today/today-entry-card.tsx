import type { TodayEntry } from '@brigade/core/schemas/checklists';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Progress, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ChecklistStateBadge } from '../../../components/checklist-state-badge';
import { ListCard } from '../../../components/data-list/list-card';
import classes from '../shared/cards.module.css';
import { clockIn } from '../shared/restaurant-clock';

/** This device's changes to a record that have not reached the server yet (issue 34). */
export interface WaitingChanges {
  count: number;
  /** A submit is among them. */
  submit: boolean;
  /** One was refused (failed, or someone else submitted first): the record says why. */
  refused: boolean;
}

/**
 * One window of Today as a big card: a link to its record over the whole card; a record
 * with changes still on this device says so.
 */
export function TodayEntryCard({
  entry,
  timeZone,
  waiting,
}: {
  entry: TodayEntry;
  timeZone: string;
  waiting?: WaitingChanges;
}) {
  const { t } = useLingui();
  const answered = entry.answered;
  const total = entry.itemCount;
  const hours = `${entry.start}–${entry.end}`;
  const submitter = entry.submittedBy?.name;
  const submittedAt = entry.submittedAt ? clockIn(entry.submittedAt, timeZone) : null;
  const failures = entry.failures;
  const percent = total === 0 ? 0 : Math.round((answered / total) * 100);
  return (
    <Paper withBorder p="md" className={classes.card} data-state={entry.state}>
      <ListCard
        title={
          <Link to={`/checklists/${entry.runId}`} className={classes.cardLink}>
            {entry.checklist.name}
          </Link>
        }
        badge={<ChecklistStateBadge state={entry.state} />}
      >
        <Group gap={6} c="gray.8">
          <IconClock size={16} aria-hidden />
          <Text size="sm">
            <Trans>Window {hours}</Trans>
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          <Trans>
            {answered} of {total}
          </Trans>
        </Text>
        <Progress.Root size="sm">
          <Progress.Section value={percent} aria-label={t`Items filled in: ${answered} of ${total}`} />
        </Progress.Root>
        {failures > 0 && (
          <Group gap={6} c="red.9">
            <IconAlertTriangle size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {t({ message: plural(failures, { one: '# item failed', other: '# items failed' }) })}
            </Text>
          </Group>
        )}
        {submittedAt && (
          <Text size="sm" c="gray.7">
            {submitter ? (
              <Trans>
                Submitted by {submitter} at {submittedAt}
              </Trans>
            ) : (
              <Trans>Submitted at {submittedAt}</Trans>
            )}
          </Text>
        )}
        {waiting && <WaitingLine waiting={waiting} />}
      </ListCard>
    </Paper>
  );
}

function WaitingLine({ waiting }: { waiting: WaitingChanges }) {
  const { t } = useLingui();
  if (waiting.refused) {
    return (
      <Group gap={6} c="red.9" wrap="nowrap">
        <IconAlertTriangle size={16} aria-hidden />
        <Text size="sm" fw={600}>
          <Trans>Your changes were not saved: open the record</Trans>
        </Text>
      </Group>
    );
  }
  const count = waiting.count;
  return (
    <Group gap={6} c="blue.9" wrap="nowrap">
      <IconCloudUpload size={16} aria-hidden />
      <Text size="sm" fw={600}>
        {waiting.submit
          ? t`Submitted on this device: waiting to be sent`
          : t({
              message: plural(count, { one: '# change waiting to be sent', other: '# changes waiting to be sent' }),
            })}
      </Text>
    </Group>
  );
}
