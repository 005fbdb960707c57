import { messages } from '@brigade/core/messages';
import { SetTemporaryPassword } from '@brigade/core/schemas/passwords';
import type { StaffMember } from '@brigade/core/schemas/users';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { FormActions } from '../../components/form-actions';
import { PasswordField } from '../../components/password-field';
import { RowAction } from '../../components/row-action';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useSetTemporaryPassword } from './api/set-temporary-password';

/**
 * hq's key button on a person's row (issue 20): a temporary password for someone who
 * cannot reset theirs by email. They must choose their own at their next sign-in, and
 * every session they had ends now.
 */
export function TemporaryPasswordAction({ person }: { person: StaffMember }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const name = person.name;
  return (
    <>
      <RowAction
        tooltip={t`Set temporary password`}
        label={t`Set a temporary password for ${name}`}
        color="gray.8"
        onClick={open}
        icon={<IconKey size={18} aria-hidden />}
      />
      <Modal opened={opened} onClose={close} title={t`Temporary password for ${name}`}>
        {opened && <TemporaryPasswordForm person={person} onDone={close} />}
      </Modal>
    </>
  );
}

function TemporaryPasswordForm({ person, onDone }: { person: StaffMember; onDone: () => void }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const email = person.email;
  const setPassword = useSetTemporaryPassword();
  const failure = useFormFailure();
  const form = useForm<SetTemporaryPassword>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { password: '' },
    validate: schemaResolver(SetTemporaryPassword, { sync: true }),
  });

  // The field's message (core's check, or the server's) in the person's language.
  const passwordInput = form.getInputProps('password');
  const passwordProps = {
    ...passwordInput,
    error: typeof passwordInput.error === 'string' ? text(passwordInput.error) : passwordInput.error,
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        setPassword.mutate(
          { id: person.id, ...values },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: text(messages.temporaryPasswordSet) });
              onDone();
            },
            onError: (error) => failure.report(form, error, t`Could not set the temporary password`),
          },
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Give it to {email} in person or by phone. It works for one sign-in: they must then choose their own
            password, and they are signed out everywhere now.
          </Trans>
        </Text>
        <PasswordField
          label={t`Temporary password`}
          autoComplete="new-password"
          required
          withAsterisk={false}
          data-autofocus
          key={form.key('password')}
          {...passwordProps}
        />
        <FormActions
          failure={failure.failure}
          saving={setPassword.isPending}
          saveLabel={t`Set temporary password`}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
