import { messages } from '@brigade/core/messages';
import { reachesRestaurant } from '@brigade/core/permissions';
import { ROLE_LABELS, ROLES, type Role } from '@brigade/core/roles';
import type { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { SaveUser, type SaveUserInput, type StaffMember } from '@brigade/core/schemas/users';
import { type StaffCaller, staffChangesFor } from '@brigade/core/staff-changes';
import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useSaveUser } from './api/save-user';

/**
 * Who the form is for. hq picks the role and the restaurants; a manager's form has
 * neither: it always saves role staff in the selected restaurant (core-operations §5).
 */
export type StaffFormScope =
  | { kind: 'hq'; restaurantOptions: readonly RestaurantOption[]; optionsLoading: boolean }
  | { kind: 'manager'; restaurantId: string };

interface StaffFormProps {
  /** The person being edited; `null` adds someone. */
  person: StaffMember | null;
  scope: StaffFormScope;
  /** The signed-in person: what they may change about `person` is core's `staffChangesFor`. */
  caller: StaffCaller;
  onClose: () => void;
}

interface StaffFormValues {
  name: string;
  email: string;
  password: string;
  role: Role;
  selectedRestaurants: string[];
}

const validateStaff = schemaResolver(SaveUser, { sync: true });

const ROLE_CHOICES = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * For a manager: the person's restaurants the manager reaches, plus the selected one. The
 * server keeps the person's other restaurants as they are (docs/decisions/010).
 */
function managerRestaurantIds(caller: StaffCaller, person: StaffMember | null, restaurantId: string): string[] {
  const reached = (person?.restaurants ?? []).filter((restaurant) => reachesRestaurant(caller, restaurant.id));
  return [...new Set([...reached.map((restaurant) => restaurant.id), restaurantId])];
}

function initialValuesOf(caller: StaffCaller, person: StaffMember | null, scope: StaffFormScope): StaffFormValues {
  return {
    name: person?.name ?? '',
    email: person?.email ?? '',
    password: '',
    role: scope.kind === 'manager' ? 'staff' : (person?.role ?? 'staff'),
    selectedRestaurants:
      scope.kind === 'manager'
        ? managerRestaurantIds(caller, person, scope.restaurantId)
        : (person?.restaurants.map((restaurant) => restaurant.id) ?? []),
  };
}

function passwordNote(accountLocked: string | null): string {
  return accountLocked ? 'Only head office can change this password' : 'Leave blank to keep the current password';
}

/** The inline add/edit form of Staff Management (core-operations §2, §4, §5). */
export function StaffForm({ person, scope, caller, onClose }: StaffFormProps) {
  const save = useSaveUser();
  const titleId = useId();
  const lockedNoteId = useId();
  // Name, email and password of someone who also works elsewhere are head office's.
  const accountLocked = person
    ? staffChangesFor(caller, { ...person, restaurantIds: person.restaurants.map((restaurant) => restaurant.id) })
        .account
    : null;
  const elsewhere = (person?.restaurants ?? []).filter((restaurant) => !reachesRestaurant(caller, restaurant.id));
  const nameRef = useRef<HTMLInputElement>(null);
  // A taken email (409) shows under Email only.
  const saveFailure = useFormFailure({ conflictField: 'email' });
  const form = useForm<StaffFormValues>({
    mode: 'uncontrolled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(caller, person, scope),
    // The schema's "a new person needs a password" rule looks at the id.
    validate: (values) => validateStaff({ ...values, ...(person ? { id: person.id } : {}) }),
  });

  useEffect(() => {
    nameRef.current?.focus();
    nameRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);

  function submit(values: StaffFormValues) {
    const input: SaveUserInput = {
      ...(person ? { id: person.id } : {}),
      name: values.name,
      email: values.email,
      password: values.password,
      role: scope.kind === 'manager' ? 'staff' : values.role,
      selectedRestaurants:
        scope.kind === 'manager'
          ? managerRestaurantIds(caller, person, scope.restaurantId)
          : values.selectedRestaurants,
    };
    save.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: person ? 'Staff member updated' : 'Staff member added' });
        onClose();
      },
      onError: (error) =>
        saveFailure.report(form, error, person ? messages.userUpdateFailed : messages.userCreateFailed),
    });
  }

  const restaurantChoices =
    scope.kind === 'hq' ? restaurantChoicesFor(scope.restaurantOptions, person) : ([] as RestaurantChoice[]);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <Title order={2} size="h3" id={titleId}>
            {person ? `Edit ${person.name}` : 'Add Staff Member'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              readOnly={Boolean(accountLocked)}
              aria-describedby={accountLocked ? lockedNoteId : undefined}
              autoComplete="off"
              ref={nameRef}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              readOnly={Boolean(accountLocked)}
              aria-describedby={accountLocked ? lockedNoteId : undefined}
              autoComplete="off"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            {scope.kind === 'hq' && (
              <Select
                label="Role"
                required
                data={ROLE_CHOICES}
                allowDeselect={false}
                key={form.key('role')}
                {...form.getInputProps('role')}
              />
            )}
            <PasswordField
              label="Password"
              required={!person}
              description={person ? passwordNote(accountLocked) : undefined}
              readOnly={Boolean(accountLocked)}
              autoComplete="new-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
          {accountLocked && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" id={lockedNoteId}>
                {accountLocked}
                {elsewhere.length > 0 && ` (Also at ${elsewhere.map((restaurant) => restaurant.name).join(', ')}.)`}
              </Text>
            </Group>
          )}
          {scope.kind === 'hq' && (
            <MultiSelect
              label="Restaurants"
              required
              searchable
              placeholder={scope.optionsLoading ? 'Loading restaurants...' : 'Choose restaurants'}
              nothingFoundMessage="No active restaurants"
              data={restaurantChoices}
              key={form.key('selectedRestaurants')}
              {...form.getInputProps('selectedRestaurants')}
            />
          )}
          <FormFailureAlert failure={saveFailure.failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

interface RestaurantChoice {
  value: string;
  label: string;
}

/**
 * The active restaurants, plus any inactive ones the person is still assigned to, so
 * editing someone never silently drops an assignment the list cannot show.
 */
function restaurantChoicesFor(options: readonly RestaurantOption[], person: StaffMember | null): RestaurantChoice[] {
  const choices = options.map((option) => ({ value: option.id, label: option.name }));
  const known = new Set(choices.map((choice) => choice.value));
  for (const restaurant of person?.restaurants ?? []) {
    if (!known.has(restaurant.id)) choices.push({ value: restaurant.id, label: `${restaurant.name} (inactive)` });
  }
  return choices;
}
