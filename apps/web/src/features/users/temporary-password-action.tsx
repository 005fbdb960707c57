import { messages } from '@brigade/core/messages';
import { SetTemporaryPassword } from '@brigade/core/schemas/passwords';
import type { StaffMember } from '@brigade/core/schemas/users';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PasswordField } from '../../components/password-field';
import { RowAction } from '../../components/row-action';
import { useFormFailure } from '../../lib/form-failure';
import { useSetTemporaryPassword } from './api/set-temporary-password';

/**
 * hq's key button on a person's row (issue 20): a temporary password for someone who
 * cannot reset theirs by email. They must choose their own at their next sign-in, and
 * every session they had ends now.
 */
export function TemporaryPasswordAction({ person }: { person: StaffMember }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <RowAction
        tooltip="Set temporary password"
        label={`Set a temporary password for ${person.name}`}
        color="gray.8"
        onClick={open}
        icon={<IconKey size={18} aria-hidden />}
      />
      <Modal opened={opened} onClose={close} title={`Temporary password for ${person.name}`}>
        {opened && <TemporaryPasswordForm person={person} onDone={close} />}
      </Modal>
    </>
  );
}

function TemporaryPasswordForm({ person, onDone }: { person: StaffMember; onDone: () => void }) {
  const setPassword = useSetTemporaryPassword();
  const failure = useFormFailure();
  const form = useForm<SetTemporaryPassword>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { password: '' },
    validate: schemaResolver(SetTemporaryPassword, { sync: true }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        setPassword.mutate(
          { id: person.id, ...values },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: messages.temporaryPasswordSet });
              onDone();
            },
            onError: (error) => failure.report(form, error, 'Could not set the temporary password'),
          },
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm">
          Give it to {person.email} in person or by phone. It works for one sign-in: they must then choose their own
          password, and they are signed out everywhere now.
        </Text>
        <PasswordField
          label="Temporary password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <FormFailureAlert failure={failure.failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={setPassword.isPending}>
            {setPassword.isPending ? 'Saving...' : 'Set temporary password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
