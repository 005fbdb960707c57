import { messages } from '@brigade/core/messages';
import { ROLE_LABELS, ROLES, type Role } from '@brigade/core/roles';
import type { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { SaveUser, type SaveUserInput, type StaffMember } from '@brigade/core/schemas/users';
import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
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

/** For a manager: the person's restaurants plus the selected one. */
function managerRestaurantIds(person: StaffMember | null, restaurantId: string): string[] {
  return [...new Set([...(person?.restaurants.map((restaurant) => restaurant.id) ?? []), restaurantId])];
}

function initialValuesOf(person: StaffMember | null, scope: StaffFormScope): StaffFormValues {
  return {
    name: person?.name ?? '',
    email: person?.email ?? '',
    password: '',
    role: scope.kind === 'manager' ? 'staff' : (person?.role ?? 'staff'),
    selectedRestaurants:
      scope.kind === 'manager'
        ? managerRestaurantIds(person, scope.restaurantId)
        : (person?.restaurants.map((restaurant) => restaurant.id) ?? []),
  };
}

/** The inline add/edit form of Staff Management (core-operations §2, §4, §5). */
export function StaffForm({ person, scope, onClose }: StaffFormProps) {
  const save = useSaveUser();
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  // A taken email (409) shows under Email only.
  const saveFailure = useFormFailure({ conflictField: 'email' });
  const form = useForm<StaffFormValues>({
    mode: 'uncontrolled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(person, scope),
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
        scope.kind === 'manager' ? managerRestaurantIds(person, scope.restaurantId) : values.selectedRestaurants,
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
              autoComplete="off"
              ref={nameRef}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Email"
              type="email"
              required
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
              description={person ? 'Leave blank to keep the current password' : undefined}
              autoComplete="new-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
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
