import { messages } from '@brigade/core/messages';
import { allows } from '@brigade/core/permissions';
import { ROLE_LABELS } from '@brigade/core/roles';
import type { StaffMember, StaffSort } from '@brigade/core/schemas/users';
import { type StaffCaller, staffChangesFor } from '@brigade/core/staff-changes';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DataColumn } from '../../components/data-list/data-list';
import { ListCard } from '../../components/data-list/list-card';
import { RowActions } from '../../components/row-action';
import { StatusBadge } from '../../components/status-badge';
import { useCoreText } from '../../lib/i18n';
import { useDeleteUser } from './api/delete-user';
import { useSetUserActive } from './api/set-user-active';
import { TemporaryPasswordAction } from './temporary-password-action';

/** A failed toggle or delete, shown as a red banner above the list (core-operations §8). */
export interface StaffActionFailure {
  title: string;
  detail: string;
}

export interface StaffRowHandlers {
  /** The signed-in person: what they may do to each row is core's `staffChangesFor`. */
  caller: StaffCaller;
  onEdit: (person: StaffMember) => void;
  onDeleted: (person: StaffMember) => void;
  onFailure: (failure: StaffActionFailure) => void;
}

interface StaffColumnsProps extends StaffRowHandlers {
  /** hq sees where each person works; a manager's list is one restaurant already. */
  showRestaurants: boolean;
  /** The columns this list sorts by; the others' headers are plain. */
  sortColumns: readonly StaffSort[];
}

/** Wide screens: one row per person; a sortable column's header sorts the list. */
export function useStaffColumns({
  showRestaurants,
  sortColumns,
  ...handlers
}: StaffColumnsProps): DataColumn<StaffMember, StaffSort>[] {
  const { t } = useLingui();
  const { text } = useCoreText();
  const sortBy = (column: StaffSort) => (sortColumns.includes(column) ? column : undefined);
  return [
    {
      header: t`Name and email`,
      sort: sortBy('name'),
      cell: (person) => (
        <>
          <Text size="sm" fw={600}>
            {person.name}
          </Text>
          <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
            {person.email}
          </Text>
        </>
      ),
    },
    {
      header: t`Role`,
      sort: sortBy('role'),
      cell: (person) => <Text size="sm">{text(ROLE_LABELS[person.role])}</Text>,
    },
    ...(showRestaurants
      ? [{ header: t`Restaurants`, cell: (person: StaffMember) => <RestaurantBadges person={person} /> }]
      : []),
    { header: t`Status`, sort: sortBy('status'), cell: (person) => <StatusBadge isActive={person.isActive} /> },
    { header: t`Trainings`, sort: sortBy('trainings'), cell: (person) => <TrainingProgress person={person} /> },
    { header: t`Actions`, cell: (person) => <StaffActions person={person} {...handlers} /> },
  ];
}

/** Narrower screens: one card per person, the same facts and actions as a table row. */
export function StaffCard({
  person,
  showRestaurants,
  ...handlers
}: { person: StaffMember; showRestaurants: boolean } & StaffRowHandlers) {
  const { text } = useCoreText();
  return (
    <ListCard
      title={person.name}
      badge={<StatusBadge isActive={person.isActive} />}
      actions={<StaffActions person={person} {...handlers} />}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {person.email}
      </Text>
      <Text size="sm">
        {text(ROLE_LABELS[person.role])} · <Trans>Trainings</Trans> <TrainingProgress person={person} />
      </Text>
      {showRestaurants && <RestaurantBadges person={person} />}
    </ListCard>
  );
}

/** 'completed/total' (core-operations §2 "Staff management, manager view"). */
function TrainingProgress({ person }: { person: StaffMember }) {
  const { t } = useLingui();
  const { completed, total } = person.trainingProgress;
  return (
    <Text component="span" size="sm" title={t`${completed} of ${total} assigned trainings completed`}>
      {completed}/{total}
    </Text>
  );
}

function RestaurantBadges({ person }: { person: StaffMember }) {
  if (person.restaurants.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        <Trans>No restaurants</Trans>
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {person.restaurants.map((restaurant) => (
        <Badge key={restaurant.id} variant="light" color="indigo" c="indigo.9" tt="none">
          {restaurant.name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Power (toggle active), Edit and Delete, each named after the person. An action the
 * server would refuse (core `staffChangesFor`) is shown disabled, its tooltip saying why.
 */
function StaffActions({ person, caller, onEdit, onDeleted, onFailure }: { person: StaffMember } & StaffRowHandlers) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { name } = person;
  const changes = staffChangesFor(caller, {
    ...person,
    restaurantIds: person.restaurants.map((restaurant) => restaurant.id),
  });
  // Core's reasons, in the person's language.
  const refused = Object.fromEntries(
    Object.entries(changes).map(([action, reason]) => [action, reason ? text(reason) : reason]),
  ) as typeof changes;
  const setActive = useSetUserActive({
    onSuccess: (saved) =>
      notifications.show({ color: 'green', message: saved.isActive ? t`${name} activated` : t`${name} deactivated` }),
    onError: (error) => onFailure({ title: text(messages.staffStatusFailed), detail: text(error.message) }),
  });
  const remove = useDeleteUser({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Staff member deleted` });
      onDeleted(person);
    },
    onError: (error) => onFailure({ title: text(messages.staffDeleteFailed), detail: text(error.message) }),
  });

  // hq sets temporary passwords (issue 20); for their own, the profile is the place.
  const mayGiveTemporaryPassword = allows(caller.role, 'users.temporaryPassword') && person.id !== caller.id;
  const rowActions = (
    <RowActions
      name={name}
      isActive={person.isActive}
      toggling={setActive.isPending}
      onToggleActive={() => setActive.mutate({ id: person.id, isActive: !person.isActive })}
      onEdit={() => onEdit(person)}
      deleting={remove.isPending}
      deleteConfirm={{ title: t`Delete ${name}`, message: text(messages.staffDeleteConfirm) }}
      onDelete={() => remove.mutate(person.id)}
      refusals={refused}
    />
  );
  if (!mayGiveTemporaryPassword) return rowActions;
  return (
    <Group gap={4} wrap="nowrap">
      {rowActions}
      <TemporaryPasswordAction person={person} />
    </Group>
  );
}
