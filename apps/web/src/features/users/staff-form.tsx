import { messages } from '@brigade/core/messages';
import { reachesRestaurant } from '@brigade/core/permissions';
import { ROLE_LABELS, ROLES, type Role } from '@brigade/core/roles';
import type { RestaurantOption } from '@brigade/core/schemas/restaurants';
import { SaveUser, type SaveUserInput, type StaffMember } from '@brigade/core/schemas/users';
import { type StaffCaller, staffChangesFor } from '@brigade/core/staff-changes';
import { useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { FormActions } from '../../components/form-actions';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
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

/** The inline add/edit form of Staff Management (core-operations §2, §4, §5). */
export function StaffForm({ person, scope, caller, onClose }: StaffFormProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const save = useSaveUser();
  const titleId = useId();
  const lockedNoteId = useId();
  // Name, email and password of someone who also works elsewhere are head office's.
  const accountLocked = person
    ? staffChangesFor(caller, { ...person, restaurantIds: person.restaurants.map((restaurant) => restaurant.id) })
        .account
    : null;
  const elsewhere = (person?.restaurants ?? []).filter((restaurant) => !reachesRestaurant(caller, restaurant.id));
  const name = person?.name;
  const elsewhereNames = elsewhere.map((restaurant) => restaurant.name).join(', ');
  const alsoAt = t`(Also at ${elsewhereNames}.)`;
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

  const roleChoices = ROLES.map((role) => ({ value: role, label: text(ROLE_LABELS[role]) }));
  const passwordNote = accountLocked
    ? t`Only head office can change this password`
    : t`Leave blank to keep the current password`;

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: keyof StaffFormValues) {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

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
        notifications.show({ color: 'green', message: person ? t`Staff member updated` : t`Staff member added` });
        onClose();
      },
      onError: (error) =>
        saveFailure.report(form, error, text(person ? messages.userUpdateFailed : messages.userCreateFailed)),
    });
  }

  const restaurantChoices =
    scope.kind === 'hq'
      ? restaurantChoicesFor(scope.restaurantOptions, person, (name) => t`${name} (inactive)`)
      : ([] as RestaurantChoice[]);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <Title order={2} size="h3" id={titleId}>
            {person ? t`Edit ${name}` : t`Add Staff Member`}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Name`}
              required
              readOnly={Boolean(accountLocked)}
              aria-describedby={accountLocked ? lockedNoteId : undefined}
              autoComplete="off"
              ref={nameRef}
              key={form.key('name')}
              {...field('name')}
            />
            <TextInput
              label={t`Email`}
              type="email"
              required
              readOnly={Boolean(accountLocked)}
              aria-describedby={accountLocked ? lockedNoteId : undefined}
              autoComplete="off"
              key={form.key('email')}
              {...field('email')}
            />
            {scope.kind === 'hq' && (
              <Select
                label={t`Role`}
                required
                data={roleChoices}
                allowDeselect={false}
                key={form.key('role')}
                {...field('role')}
              />
            )}
            <PasswordField
              label={t`Password`}
              required={!person}
              description={person ? passwordNote : undefined}
              readOnly={Boolean(accountLocked)}
              autoComplete="new-password"
              key={form.key('password')}
              {...field('password')}
            />
          </SimpleGrid>
          {accountLocked && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" id={lockedNoteId}>
                {text(accountLocked)}
                {elsewhere.length > 0 && ` ${alsoAt}`}
              </Text>
            </Group>
          )}
          {scope.kind === 'hq' && (
            <MultiSelect
              label={t`Restaurants`}
              required
              searchable
              placeholder={scope.optionsLoading ? t`Loading restaurants...` : t`Choose restaurants`}
              nothingFoundMessage={t`No active restaurants`}
              data={restaurantChoices}
              key={form.key('selectedRestaurants')}
              {...field('selectedRestaurants')}
            />
          )}
          <FormActions failure={saveFailure.failure} saving={save.isPending} saveLabel={t`Save`} onCancel={onClose} />
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
function restaurantChoicesFor(
  options: readonly RestaurantOption[],
  person: StaffMember | null,
  inactiveLabel: (name: string) => string,
): RestaurantChoice[] {
  const choices = options.map((option) => ({ value: option.id, label: option.name }));
  const known = new Set(choices.map((choice) => choice.value));
  for (const restaurant of person?.restaurants ?? []) {
    if (!known.has(restaurant.id)) choices.push({ value: restaurant.id, label: inactiveLabel(restaurant.name) });
  }
  return choices;
}
