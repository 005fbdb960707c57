import { checklistMessages } from '@brigade/core/checklist-items';
import type { ChecklistRun } from '@brigade/core/schemas/checklists';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconClockExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChecklistStateBadge } from '../../../components/checklist-state-badge';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format-date';
import { useCoreText } from '../../../lib/i18n';
import { momentIn } from '../shared/restaurant-clock';
import { useChecklistRun } from './api/get-checklist-run';
import { FillForm } from './fill-form';
import { ReadView } from './read-view';

/**
 * /checklists/{id}: one record of a checklist window (issue 33). While it may be filled
 * (`canFill`) it is the fill screen; otherwise every value to read, with corrections.
 */
export function ChecklistRunPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const run = useChecklistRun(id);
  // Kept by the page: the fill screen is gone once the record turns out to be submitted.
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  if (run.isPending) return <RunSkeleton />;
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
  return <RunView run={run.data} closedMessage={closedMessage} onClosed={setClosedMessage} />;
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

function RunView({
  run,
  closedMessage,
  onClosed,
}: {
  run: ChecklistRun;
  closedMessage: string | null;
  onClosed: (message: string) => void;
}) {
  const restaurant = run.restaurant.name;
  const day = formatDate(run.day);
  const hours = `${run.start}–${run.end}`;
  return (
    <>
      <PageHeader title={run.checklist.name} subtitle={`${restaurant} · ${day} · ${hours}`} actions={<BackToToday />} />
      <Stack gap="md" maw={760}>
        <RunStatus run={run} closedMessage={closedMessage} />
        {run.canFill ? <FillForm key={run.id} run={run} onClosed={onClosed} /> : <ReadView run={run} />}
      </Stack>
    </>
  );
}

/** The record's state in words, who submitted it and when, and what the clock means for filling it. */
function RunStatus({ run, closedMessage }: { run: ChecklistRun; closedMessage: string | null }) {
  const submitter = run.submittedBy?.name;
  const submittedAt = run.submittedAt ? momentIn(run.submittedAt, run.restaurant.timeZone, run.day) : null;
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
      {closedMessage && (
        <Alert color="orange" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm" fw={600} c="dark.8">
            {closedMessage}
          </Text>
        </Alert>
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
