import { MAX_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { AssignablePerson, AssignedPerson } from '@brigade/core/schemas/assignments';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconListCheck, IconPlus, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { useAssignablePeople } from './api/get-assignable-people';
import { useAssignmentOverview } from './api/get-assignment-overview';
import { usePersonAssignments } from './api/get-person-assignments';
import { AssignTrainingModal } from './assign-training-modal';

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Assign Trainings';
const SEARCH_DELAY_MS = 300;

/**
 * A manager's /training-assign (core §2 "Training assignment"): the selected
 * restaurant's staff, each with Assign Training opening a modal for that person.
 */
export function ManagerAssignView() {
  const { text } = useCoreText();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  if (notice || !selectedRestaurant) {
    return (
      <>
        <PageHeader title={text(PAGE_TITLE)} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }
  return <StaffPanel key={selectedRestaurant.id} restaurant={selectedRestaurant} />;
}

function StaffPanel({ restaurant }: { restaurant: RestaurantRef }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const restaurantName = restaurant.name;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [chosen, setChosen] = useState<AssignablePerson | null>(null);
  const people = useAssignablePeople({ restaurantId: restaurant.id, search: debouncedSearch });
  // Each person's assignments, for their progress line.
  const overview = useAssignmentOverview({ search: '', page: 1, pageSize: MAX_PAGE_SIZE, restaurantId: restaurant.id });
  // The chosen person's assignments in full, for the modal's "Already assigned".
  const chosenAssignments = usePersonAssignments(
    { personId: chosen?.id ?? '', search: '', restaurantId: restaurant.id },
    { enabled: chosen !== null },
  );
  const assignmentsByPerson = useMemo(
    () => new Map((overview.data?.items ?? []).map((person) => [person.id, person])),
    [overview.data],
  );

  function closeModal() {
    setChosen(null);
    // Closing reloads the list (core §2).
    void people.refetch();
    void overview.refetch();
  }

  const assignedIds = new Set((chosen ? chosenAssignments.data : [])?.map((assignment) => assignment.training.id));

  return (
    <>
      <PageHeader
        title={text(PAGE_TITLE)}
        subtitle={t`Staff of ${restaurantName}`}
        actions={
          <>
            <Button
              component={Link}
              to="/manager-bulk-training-assign"
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              <Trans>Bulk Assign</Trans>
            </Button>
            <Button
              component={Link}
              to="/training-assignments"
              variant="default"
              leftSection={<IconListCheck size={18} aria-hidden />}
            >
              <Trans>View Assignments</Trans>
            </Button>
          </>
        }
      />
      <Stack>
        <SearchInput label={t`Search staff`} placeholder={t`Name or email...`} value={search} onChange={setSearch} />
        <DataList
          query={people}
          rowKey={(person) => person.id}
          card={(person) => (
            <StaffRow
              person={person}
              assigned={assignmentsByPerson.get(person.id)}
              progressLoading={overview.isPending}
              onAssign={() => setChosen(person)}
            />
          )}
          cards={{ cols: 1 }}
          showTable={false}
          labels={{
            loading: t`Loading staff`,
            loadFailed: text(messages.staffLoadFailed),
            list: t`Staff of ${restaurantName}`,
          }}
          empty={{
            title: text(messages.noStaffFound),
            description: debouncedSearch ? (
              text(messages.tryDifferentSearch)
            ) : (
              <Trans>
                Add staff to {restaurantName} in{' '}
                <Anchor component={Link} to="/staff-management">
                  Staff Management
                </Anchor>
                .
              </Trans>
            ),
            icon: <IconUsers size={28} aria-hidden />,
          }}
        />
      </Stack>
      <AssignTrainingModal
        person={chosen}
        restaurantId={restaurant.id}
        assignedIds={assignedIds}
        onClose={closeModal}
      />
    </>
  );
}

interface StaffRowProps {
  person: AssignablePerson;
  assigned: AssignedPerson | undefined;
  progressLoading: boolean;
  onAssign: () => void;
}

function StaffRow({ person, assigned, progressLoading, onAssign }: StaffRowProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const name = person.name;
  const total = assigned?.assignments.length ?? 0;
  const completed = assigned?.assignments.filter((assignment) => assignment.completed).length ?? 0;
  const overdue = assigned?.assignments.filter((assignment) => assignment.overdue).length ?? 0;
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Text fw={700} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {person.name}
        </Text>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Text>
        <Group gap={6}>
          {person.restaurants.map((restaurant) => (
            <Badge key={restaurant.id} size="sm" variant="outline" color="teal.9" c="#0b6b50" tt="none">
              {restaurant.name}
            </Badge>
          ))}
          {progressLoading ? (
            <Skeleton height={14} width={140} />
          ) : (
            <Text size="sm" c="gray.7">
              {total === 0 ? t`No trainings assigned yet` : t`${completed} of ${total} trainings completed`}
            </Text>
          )}
          {overdue > 0 && (
            <Badge size="sm" variant="filled" color="red.9" tt="none">
              {overdue} {text(messages.overdue)}
            </Badge>
          )}
        </Group>
      </Stack>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onAssign}
        aria-label={t`Assign Training to ${name}`}
      >
        <Trans>Assign Training</Trans>
      </Button>
    </Group>
  );
}
