import { checklistMessages } from '@brigade/core/checklist-items';
import { ChecklistRun } from '@brigade/core/schemas/checklists';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconClockExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ChecklistStateBadge } from '../../../components/checklist-state-badge';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format-date';
import { useCoreText } from '../../../lib/i18n';
import type { OutboxItem } from '../../../lib/offline/outbox';
import { useOnline, useOutboxFor } from '../../../lib/offline/use-outbox';
import { momentIn } from '../shared/restaurant-clock';
import { checklistRunQueryKey, useChecklistRun } from './api/get-checklist-run';
import { runSubject, useSentChecklistChanges } from './checklist-outbox';
import { ConflictView } from './conflict-view';
import { FillForm, unsentOf } from './fill-form';
import { OfflineTimes } from './offline-times';
import { ReadView } from './read-view';

/**
 * /checklists/{id}: one record of a checklist window (issue 33). While it may be filled
 * (`canFill`) it is the fill screen; otherwise every value to read, with corrections.
 * Offline (issue 34) it shows as last loaded, with this device's changes still waiting
 * laid over it; a change refused because someone else submitted first shows both versions.
 */
export function ChecklistRunPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const run = useChecklistRun(id);
  const online = useOnline();

  if (run.isPending) return <RunSkeleton />;
  // The form starts from the values it is given. A record still open for filling, kept on the
  // device (saved a second after each change, so a reload may find one a value behind), waits
  // for the stored one online; offline it opens from the device at once (as audits do).
  if (run.data?.canFill && online && !run.isFetchedAfterMount) return <RunSkeleton />;
  if (!run.data) {
    const error = run.error;
    const refused = isApiError(error) && [400, 403, 404].includes(error.status);
    return (
      <>
        <PageHeader title={t`Checklist`} />
        {refused ? (
          <Stack align="flex-start" maw={640}>
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
              {error.status === 403 ? text(error.message) : text(checklistMessages.runNotFound)}
            </Alert>
            <BackToToday />
          </Stack>
        ) : (
          <LoadError
            message={t`The checklist could not be loaded.`}
            onRetry={() => void run.refetch()}
            retrying={run.isFetching}
          />
        )}
      </>
    );
  }
  return <RunView run={run.data} />;
}

function BackToToday() {
  const me = useCurrentUser();
  if (me.role === 'hq') return null;
  return (
    <Button component={Link} to="/today" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      <Trans>Back to Today</Trans>
    </Button>
  );
}

function RunView({ run }: { run: ChecklistRun }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const restaurant = run.restaurant.name;
  const day = formatDate(run.day);
  const hours = `${run.start}–${run.end}`;
  const mine = unsentOf(useOutboxFor(runSubject(run.id)));
  const conflicts = mine.filter((change) => change.state === 'conflict').map((change) => change.id);
  const conflictKey = conflicts.join(' ');

  // The outbox's sent changes update the record; its submit says so and shows the record from the top.
  useSentChecklistChanges(
    useCallback(
      (item: OutboxItem) => {
        if (item.subject !== runSubject(run.id) || item.kind !== 'checklistSubmit') return;
        const late = ChecklistRun.safeParse(item.reply).data?.state === 'late';
        notifications.show({ color: 'green', message: late ? t`Checklist submitted (late)` : t`Checklist submitted` });
        window.scrollTo({ top: 0 });
      },
      [run.id, t],
    ),
  );

  // A change the server refused as a conflict: read the record again, to show who was first.
  useEffect(() => {
    if (conflictKey) void queryClient.invalidateQueries({ queryKey: checklistRunQueryKey(run.id) });
  }, [conflictKey, queryClient, run.id]);

  return (
    <>
      <PageHeader title={run.checklist.name} subtitle={`${restaurant} · ${day} · ${hours}`} actions={<BackToToday />} />
      <Stack gap="md" maw={760}>
        <RunStatus run={run} />
        {conflicts.length > 0 && <ConflictView run={run} mine={mine} />}
        {run.canFill ? <FillForm key={run.id} run={run} /> : <ReadView run={run} />}
      </Stack>
    </>
  );
}

/** The record's state in words, who submitted it and when, and what the clock means for filling it. */
function RunStatus({ run }: { run: ChecklistRun }) {
  const submitter = run.submittedBy?.name;
  const at = (iso: string) => momentIn(iso, run.restaurant.timeZone, run.day);
  const submittedAt = run.submittedAt ? at(run.submittedAt) : null;
  const start = run.start;
  const end = run.end;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <ChecklistStateBadge state={run.state} size="lg" />
        {submittedAt && (
          <Text fw={600}>
            {submitter ? (
              <Trans>
                Submitted by {submitter} at {submittedAt}
              </Trans>
            ) : (
              <Trans>Submitted at {submittedAt}</Trans>
            )}
          </Text>
        )}
      </Group>
      {run.submittedAt && run.submitReceivedAt && (
        <Stack gap={2}>
          <OfflineTimes
            recordedAt={run.submittedAt}
            receivedAt={run.submitReceivedAt}
            clockOffsetSeconds={run.submitClockOffsetSeconds}
            at={at}
          />
        </Stack>
      )}
      {run.canFill && run.state === 'missed' && (
        <Alert color="yellow" variant="light" role="status" icon={<IconClockExclamation aria-hidden />}>
          <Text size="sm" c="dark.8">
            <Trans>This window closed at {end} — your submission will be recorded as late.</Trans>
          </Text>
        </Alert>
      )}
      {!run.canFill && run.state === 'upcoming' && (
        <Text c="gray.7">
          <Trans>This checklist opens at {start}.</Trans>
        </Text>
      )}
      {!run.canFill && run.state === 'missed' && (
        <Text c="gray.7">
          <Trans>This window closed at {end} and nothing was submitted in time; its record is closed.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function RunSkeleton() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Checklist`} />
      <Stack gap="sm" maw={760} role="status" aria-busy="true" aria-label={t`Loading checklist`}>
        <Skeleton height={28} width={160} />
        {[0, 1, 2].map((row) => (
          <Paper key={row} withBorder p="md">
            <Skeleton height={18} width="60%" mb="sm" />
            <Skeleton height={44} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
