import { messages } from '@brigade/core/messages';
import type { AssignmentsCreated } from '@brigade/core/schemas/assignments';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useCoreText } from '../../lib/i18n';
import { useCreateAssignments } from './api/create-assignments';
import { useAssignablePeople } from './api/get-assignable-people';
import { assignFailureMessage } from './assign-failure';
import { AssignmentResult } from './assignment-result';
import { DueDateInput, dueAtOf } from './due-date-input';
import { PeopleChecklist } from './people-checklist';
import { TrainingChecklist } from './training-checklist';

const SEARCH_DELAY_MS = 300;

/** Moves focus (and the screen) to the first choice of a list that is missing one. */
function focusFirstChoice(panel: HTMLElement | null) {
  panel?.querySelector<HTMLInputElement>('[data-checklist] input:not(:disabled)')?.focus();
}

interface Errors {
  trainings?: string;
  people?: string;
  submit?: string;
}

/**
 * hq's /training-assign (core §2 "Training assignment", §5, §6): trainings (with a
 * category filter) by people (active staff and managers with a restaurant, filtered by
 * restaurant and searched), one optional due date, all pairs in one request.
 */
export function HqAssignView() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const [trainingIds, setTrainingIds] = useState<string[]>([]);
  const [staffIds, setStaffIds] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [restaurantId, setRestaurantId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<AssignmentsCreated | null>(null);
  const people = useAssignablePeople({ restaurantId: restaurantId ?? undefined, search: debouncedSearch });
  const create = useCreateAssignments();
  const trainingsPanel = useRef<HTMLDivElement>(null);
  const peoplePanel = useRef<HTMLDivElement>(null);

  function submit() {
    setResult(null);
    const missing: Errors = {
      trainings: trainingIds.length === 0 ? messages.selectTraining : undefined,
      people: staffIds.length === 0 ? messages.selectStaff : undefined,
    };
    setErrors(missing);
    if (missing.trainings) focusFirstChoice(trainingsPanel.current);
    else if (missing.people) focusFirstChoice(peoplePanel.current);
    if (missing.trainings || missing.people) return;
    create.mutate(
      { trainingIds, staffIds, dueAt: dueAtOf(dueDate) },
      {
        onSuccess: (created) => {
          setResult(created);
          if (created.created > 0) {
            setTrainingIds([]);
            setStaffIds([]);
            setDueDate('');
          }
        },
        onError: (error) => setErrors({ submit: text(assignFailureMessage(error, messages.assignmentsCreateFailed)) }),
      },
    );
  }

  return (
    <>
      <PageHeader
        title={text('Assign Trainings')}
        subtitle={t`Choose trainings and the people who should complete them`}
        actions={
          <Button
            component={Link}
            to="/training-assignments"
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            <Trans>Back to Assignments</Trans>
          </Button>
        }
      />
      {/* No <form>: Enter in the search boxes must search, not assign. */}
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder p="md" h="100%" ref={trainingsPanel}>
              <Title order={2} fz="lg" mb="sm">
                <Trans>1. Trainings</Trans>
              </Title>
              <TrainingChecklist
                value={trainingIds}
                onChange={(next) => {
                  setTrainingIds(next);
                  setErrors((current) => ({ ...current, trainings: undefined }));
                }}
                error={errors.trainings}
                legend={t`Trainings to assign`}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Paper withBorder p="md" h="100%" ref={peoplePanel}>
              <Title order={2} fz="lg" mb="sm">
                <Trans>2. People</Trans>
              </Title>
              <Stack gap="sm">
                <FilterBar>
                  <SearchInput
                    label={t`Search people`}
                    placeholder={t`Name or email...`}
                    value={search}
                    onChange={setSearch}
                  />
                  <RestaurantFilter value={restaurantId} onChange={setRestaurantId} width={220} />
                </FilterBar>
                {people.isError && !people.data ? (
                  <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                    {text(messages.staffLoadFailed)}
                  </Alert>
                ) : (
                  <PeopleChecklist
                    people={people.data}
                    loading={people.isFetching}
                    value={staffIds}
                    onChange={(next) => {
                      setStaffIds(next);
                      setErrors((current) => ({ ...current, people: undefined }));
                    }}
                    error={errors.people}
                    legend={t`People to assign to`}
                    showRole
                    emptyText={text(messages.noStaffFound)}
                  />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <DueDateInput value={dueDate} onChange={setDueDate} />
            {errors.submit && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                {errors.submit}
              </Alert>
            )}
            {result && <AssignmentResult result={result} />}
            <Group>
              <Button onClick={submit} loading={create.isPending}>
                <Trans>Assign Trainings</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
