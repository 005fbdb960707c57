import { ASSIGNMENT_OVERVIEW_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import { ROLE_LABELS } from '@brigade/core/roles';
import {
  ASSIGNMENT_OVERVIEW_SORTS,
  type AssignedPerson,
  type AssignmentCard,
  type AssignmentOverviewSort,
} from '@brigade/core/schemas/assignments';
import { idField } from '@brigade/core/schemas/fields';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronUp, IconPlus, IconRotate, IconSchool, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { DataList } from '../../components/data-list/data-list';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { exportQuery, type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useDeleteAssignment } from './api/delete-assignment';
import { useAssignmentOverview } from './api/get-assignment-overview';
import { usePersonAssignments } from './api/get-person-assignments';
import { useTrainingOptions } from './api/get-training-options';
import { useResetQuizAttempts } from './api/reset-quiz-attempts';
import { AssignmentStatusBadge, OverdueBadge, QuizResultBadge } from './assignment-badges';
import { AssignmentDetails } from './assignment-details';

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Training Assignments';

const OVERVIEW_SORT: ListSortSpec<AssignmentOverviewSort> = {
  columns: ASSIGNMENT_OVERVIEW_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  // Who finished most recently first; progress and due dates start with who is behind.
  descendingFirst: ['lastCompletedAt'],
};

const SORT_OPTIONS: readonly { value: AssignmentOverviewSort; label: MessageDescriptor }[] = [
  { value: 'name', label: msg`Name` },
  { value: 'email', label: msg`Email` },
  { value: 'progress', label: msg`Progress` },
  { value: 'nextDueAt', label: msg`Next due date` },
  { value: 'lastCompletedAt', label: msg`Last completed` },
];

/** The address keeps the training and (hq) restaurant filters by id: `?trainingId=…&restaurantId=…`. */
const FILTER_KEYS = ['trainingId', 'restaurantId'] as const;

/** An id from the address, or nothing: a hand-edited address may hold something else. */
function idOf(value: string | null): string | undefined {
  return value && idField.safeParse(value).success ? value : undefined;
}

type OverviewList = ReturnType<typeof useListParams<AssignmentOverviewSort, (typeof FILTER_KEYS)[number]>>;

/**
 * /training-assignments (core §2 "Training assignment"): assignments grouped per person,
 * filtered by training and restaurant, searched and sorted on the server, all of it kept
 * in the address so a reload or a shared link shows the same people; Export CSV
 * downloads that view, one line per assignment. hq sees everyone; a manager the staff of
 * the selected restaurant.
 */
export function TrainingAssignmentsPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  const isManager = me.role === 'manager';
  const list = useListParams(OVERVIEW_SORT, FILTER_KEYS);
  const view: OverviewFilters = {
    search: list.query.search,
    trainingId: idOf(list.filters.trainingId),
    // A manager's list is their selected restaurant's, whatever the address says.
    restaurantId: isManager ? selectedRestaurant?.id : idOf(list.filters.restaurantId),
  };
  const showList = !isManager || (!notice && selectedRestaurant);

  // Another restaurant is another list: it starts at its first page.
  const { setPage } = list;
  const shownRestaurant = useRef(selectedRestaurant?.id);
  useEffect(() => {
    if (shownRestaurant.current === selectedRestaurant?.id) return;
    shownRestaurant.current = selectedRestaurant?.id;
    if (isManager) setPage(1);
  }, [isManager, selectedRestaurant?.id, setPage]);

  const restaurantName = selectedRestaurant?.name;
  const header = (
    <PageHeader
      title={text(PAGE_TITLE)}
      subtitle={
        isManager && selectedRestaurant ? t`Staff of ${restaurantName}` : t`Every assignment, grouped per person`
      }
      actions={
        <>
          {/* Every assignment of the people as filtered and sorted now, not just this page. */}
          {showList && (
            <ExportCsvButton
              href={`/api/training-assignments/export.csv?${exportQuery({ ...view, sort: list.query.sort, order: list.query.order })}`}
            />
          )}
          {isManager ? (
            <Button
              component={Link}
              to="/manager-bulk-training-assign"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              <Trans>Assign Training</Trans>
            </Button>
          ) : (
            <Button component={Link} to="/training-assign" leftSection={<IconPlus size={18} aria-hidden />}>
              <Trans>Assign Trainings</Trans>
            </Button>
          )}
        </>
      }
    />
  );

  if (!showList) {
    return (
      <>
        {header}
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }
  return (
    <>
      {header}
      <AssignmentOverview list={list} view={view} restaurantFilter={!isManager} />
    </>
  );
}

interface AssignmentOverviewProps {
  list: OverviewList;
  view: OverviewFilters;
  /** hq filters by restaurant; a manager's list is their selected restaurant's. */
  restaurantFilter: boolean;
}

function AssignmentOverview({ list, view, restaurantFilter }: AssignmentOverviewProps) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const overview = useAssignmentOverview({
    ...view,
    page: list.query.page,
    pageSize: ASSIGNMENT_OVERVIEW_PAGE_SIZE,
    sort: list.query.sort,
    order: list.query.order,
  });
  const trainings = useTrainingOptions();
  const filtered = Boolean(view.search || view.trainingId || (restaurantFilter && view.restaurantId));

  return (
    <Stack>
      <FilterBar>
        <SearchInput
          label={t`Search assignments`}
          placeholder={t`Search assignments...`}
          value={list.search}
          onChange={list.setSearch}
        />
        <Select
          label={t`Training`}
          placeholder={t`All trainings`}
          data={(trainings.data ?? []).map((training) => ({ value: training.id, label: training.title }))}
          value={view.trainingId ?? null}
          onChange={(trainingId) => list.setFilters({ trainingId })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear training filter` }}
          searchable
          nothingFoundMessage={t`No trainings found`}
          error={trainings.isError ? text(messages.trainingsLoadFailed) : undefined}
          w={{ base: '100%', xs: 280 }}
        />
        {restaurantFilter && (
          <RestaurantFilter
            value={view.restaurantId ?? null}
            onChange={(restaurantId) => list.setFilters({ restaurantId })}
          />
        )}
        <SortSelect
          options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
          sort={list.query.sort}
          order={list.query.order}
          onChange={list.setSort}
        />
      </FilterBar>

      <DataList
        query={overview}
        rowKey={(person) => person.id}
        card={(person) => <PersonAssignments person={person} filters={view} />}
        cards={{ cols: 1, spacing: 'md', framed: false }}
        showTable={false}
        onPageChange={list.setPage}
        labels={{
          loading: t`Loading training assignments`,
          loadFailed: text(messages.assignmentsLoadFailed),
          pages: t`Assignment pages`,
        }}
        empty={{
          title: t`No training assignments found`,
          description: filtered ? text(messages.tryDifferentSearch) : t`Assign a training to get started`,
          icon: <IconSchool size={28} aria-hidden />,
        }}
      />
    </Stack>
  );
}

/** The overview's filters, which an expanded person's details follow. */
interface OverviewFilters {
  search: string;
  trainingId?: string;
  restaurantId?: string;
}

/**
 * One person: their line of each assignment (title, status, quiz) from the overview's
 * light page; Show details loads the full cards (description, categories, dates,
 * actions) of that person only (issue 18: the page stays small).
 */
function PersonAssignments({ person, filters }: { person: AssignedPerson; filters: OverviewFilters }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const name = person.name;
  const headingId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const details = usePersonAssignments({ personId: person.id, ...filters }, { enabled: expanded });
  const completed = person.assignments.filter((assignment) => assignment.completed).length;
  const total = person.assignments.length;
  const nextDue = person.nextDueAt ? formatDate(person.nextDueAt) : '';
  const lastCompleted = person.lastCompletedAt ? formatDate(person.lastCompletedAt) : '';
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} fz="lg" id={headingId}>
              {person.name}
            </Title>
            {person.role !== 'staff' && (
              <Badge variant="light" color="gray" c="dark.6" tt="none">
                {text(ROLE_LABELS[person.role])}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Text>
          {person.restaurants.length > 0 && (
            <Group gap={4} role="list" aria-label={t`Restaurants`}>
              {person.restaurants.map((restaurant) => (
                <Badge
                  key={restaurant.id}
                  size="sm"
                  variant="outline"
                  color="teal.9"
                  c="#0b6b50"
                  tt="none"
                  role="listitem"
                >
                  {restaurant.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Stack gap={6} align="flex-end">
          <Text size="sm" c="gray.7">
            <Trans>
              {completed} of {total} completed
            </Trans>
          </Text>
          {person.nextDueAt && (
            <Text size="xs" c="gray.7">
              <Trans>Next due {nextDue}</Trans>
            </Text>
          )}
          {person.lastCompletedAt && (
            <Text size="xs" c="gray.7">
              <Trans>Last completed {lastCompleted}</Trans>
            </Text>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={expanded ? t`Hide details of ${name}` : t`Show details of ${name}`}
            rightSection={
              expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
            }
          >
            {expanded ? <Trans>Hide details</Trans> : <Trans>Show details</Trans>}
          </Button>
        </Stack>
      </Group>
      <div id={detailsId}>
        {expanded ? (
          <DataList
            query={details}
            rowKey={(assignment) => assignment.id}
            card={(assignment) => (
              <Paper withBorder p="sm" bg="gray.0" h="100%">
                <AssignmentDetails assignment={assignment} titleOrder={3}>
                  <AssignmentActions person={person} assignment={assignment} />
                </AssignmentDetails>
              </Paper>
            )}
            cards={{ cols: { base: 1, sm: 2, xl: 3 }, framed: false }}
            showTable={false}
            labels={{
              loading: t`Loading trainings of ${name}`,
              loadFailed: text(messages.personAssignmentsLoadFailed),
              list: t`Trainings of ${name}`,
            }}
            empty={{ title: t`No training assignments found`, icon: <IconSchool size={28} aria-hidden /> }}
          />
        ) : (
          <AssignmentLines person={person} />
        )}
      </div>
    </Paper>
  );
}

/** A person not expanded: one line per assignment, with its status and quiz badges. */
function AssignmentLines({ person }: { person: AssignedPerson }) {
  const { t } = useLingui();
  const name = person.name;
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Trainings of ${name}`}>
      {person.assignments.map((assignment, index) => (
        // The list is replaced whole with each page; its lines have no id of their own.
        // biome-ignore lint/suspicious/noArrayIndexKey: a line's position is its identity here
        <Group component="li" key={index} gap={6} wrap="wrap">
          <Text size="sm" fw={600} mr={4}>
            {assignment.title}
          </Text>
          <AssignmentStatusBadge completed={assignment.completed} />
          {assignment.overdue && <OverdueBadge />}
          {assignment.quiz !== undefined && <QuizResultBadge attempt={assignment.quiz} />}
        </Group>
      ))}
    </Stack>
  );
}

function AssignmentActions({ person, assignment }: { person: AssignedPerson; assignment: AssignmentCard }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const title = assignment.training.title;
  const name = person.name;
  const remove = useDeleteAssignment({
    onSuccess: () => notifications.show({ color: 'green', message: t`${title} removed from ${name}` }),
    onError: () => notifications.show({ color: 'red', message: text(messages.assignmentDeleteFailed) }),
  });
  const reset = useResetQuizAttempts({
    onSuccess: () => notifications.show({ color: 'green', message: t`Quiz attempts of ${name} reset` }),
    onError: () => notifications.show({ color: 'red', message: text(messages.quizResetFailed) }),
  });

  function askRemove() {
    confirmDelete({
      title: t`Remove training assignment`,
      message: t`Remove "${title}" from ${name}? It no longer shows in their trainings.`,
      confirmLabel: t`Remove`,
      onConfirm: () => remove.mutate(assignment.id),
    });
  }

  function askReset() {
    const cannotBeUndone = text(messages.cannotBeUndone);
    confirmDelete({
      title: t`Reset quiz attempts`,
      message: t`Remove all of ${name}'s attempts at the quiz of "${title}"? They can take it again from the start. ${cannotBeUndone}`,
      confirmLabel: t`Reset Quiz`,
      onConfirm: () => reset.mutate(assignment.id),
    });
  }

  return (
    <Group gap="xs" mt="auto" pt={4}>
      {assignment.hasQuiz && assignment.latestAttempt && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRotate size={14} aria-hidden />}
          onClick={askReset}
          loading={reset.isPending}
          aria-label={t`Reset Quiz: ${title} for ${name}`}
        >
          <Trans>Reset Quiz</Trans>
        </Button>
      )}
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={askRemove}
        loading={remove.isPending}
        aria-label={t`Remove: ${title} from ${name}`}
      >
        <Trans>Remove</Trans>
      </Button>
    </Group>
  );
}
