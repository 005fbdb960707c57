import { messages } from '@brigade/core/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { useCreateAssignments } from './api/create-assignments';
import { useAssignablePeople } from './api/get-assignable-people';
import { assignFailureMessage } from './assign-failure';
import { DueDateInput, dueAtOf } from './due-date-input';
import { PeopleChecklist } from './people-checklist';
import { TrainingChecklist } from './training-checklist';

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Bulk Assign Training';
const BACK_PATH = '/training-assign';

/**
 * /manager-bulk-training-assign (core §2 "Training assignment"): trainings by the staff
 * of the manager's restaurants. Assign Training stays disabled until both lists have a
 * choice; success goes back to /training-assign.
 */
export function BulkAssignPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  const navigate = useNavigate();
  const [trainingIds, setTrainingIds] = useState<string[]>([]);
  const [staffIds, setStaffIds] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [allDuplicates, setAllDuplicates] = useState(false);
  // Without a restaurant filter the server lists the staff of all the manager's restaurants.
  const people = useAssignablePeople({ search: '' });
  const create = useCreateAssignments();
  const ready = trainingIds.length > 0 && staffIds.length > 0;
  const hintId = useId();

  const back = (
    <Button component={Link} to={BACK_PATH} variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      <Trans>Back to Assignments</Trans>
    </Button>
  );

  if (notice || !selectedRestaurant) {
    return (
      <>
        <PageHeader title={text(PAGE_TITLE)} actions={back} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }

  function submit() {
    setFailure(null);
    setAllDuplicates(false);
    if (!selectedRestaurant) {
      setFailure(text(messages.selectRestaurant));
      return;
    }
    create.mutate(
      { trainingIds, staffIds, dueAt: dueAtOf(dueDate) },
      {
        onSuccess: (result) => {
          if (result.created === 0) {
            setAllDuplicates(true);
            return;
          }
          notifications.show({ color: 'green', message: text(messages.bulkAssigned) });
          void navigate(BACK_PATH);
        },
        onError: (error) => setFailure(text(assignFailureMessage(error, messages.assignmentsCreateFailed))),
      },
    );
  }

  return (
    <>
      <PageHeader
        title={text(PAGE_TITLE)}
        subtitle={t`Assign several trainings to several staff members at once`}
        actions={back}
      />
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder p="md" h="100%">
              <Title order={2} fz="lg" mb="sm">
                <Trans>Trainings</Trans>
              </Title>
              <TrainingChecklist value={trainingIds} onChange={setTrainingIds} legend={t`Select trainings`} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder p="md" h="100%">
              <Title order={2} fz="lg" mb="sm">
                <Trans>Staff</Trans>
              </Title>
              {people.isError && !people.data ? (
                <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {text(messages.staffLoadFailed)}
                </Alert>
              ) : (
                <PeopleChecklist
                  people={people.data}
                  loading={people.isFetching}
                  value={staffIds}
                  onChange={setStaffIds}
                  legend={t`Select staff`}
                  emptyText={text(messages.noStaffFound)}
                />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <DueDateInput value={dueDate} onChange={setDueDate} />
            {failure && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {failure}
              </Alert>
            )}
            {allDuplicates && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
                {text(messages.allAlreadyAssigned)}
              </Alert>
            )}
            {!ready && (
              <Text size="sm" c="gray.7" id={hintId}>
                <Trans>Choose at least one training and one staff member.</Trans>
              </Text>
            )}
            <Group gap="sm">
              <Button component={Link} to={BACK_PATH} variant="default">
                <Trans>Cancel</Trans>
              </Button>
              <Button
                onClick={submit}
                disabled={!ready}
                loading={create.isPending}
                aria-describedby={ready ? undefined : hintId}
              >
                <Trans>Assign Training</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
