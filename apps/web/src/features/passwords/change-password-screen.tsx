import { messages } from '@brigade/core/messages';
import { ChangePassword } from '@brigade/core/schemas/passwords';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useSignOut } from '../../lib/session/sign-out';
import { useChangePassword } from './api/change-password';

const titleMessage = msg`Choose your password`;

/**
 * Signed in with a temporary password set by head office (issue 20): nothing else until
 * the person chooses their own (the server refuses every other call meanwhile).
 */
export function ChangePasswordScreen({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const title = i18n._(titleMessage);
  useDocumentTitle(t`${title} · Brigade`);
  const change = useChangePassword();
  const signOut = useSignOut();
  const failure = useFormFailure();
  const form = useForm<ChangePassword>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { password: '' },
    validate: schemaResolver(ChangePassword, { sync: true }),
  });
  // The schema's messages (and the server's) are core's English: shown in the person's language.
  const passwordError = typeof form.errors.password === 'string' ? text(form.errors.password) : form.errors.password;

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={24} mb="lg">
        {title}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          change.mutate(values, {
            onSuccess: () => notifications.show({ color: 'green', message: text(messages.passwordChanged) }),
            onError: (error) => failure.report(form, error, t`Could not change the password`),
          }),
        )}
      >
        <Stack gap="md">
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
            {text(messages.passwordChangeRequired)}
          </Alert>
          <Text size="sm" c="gray.7">
            <Trans>
              Head office set a temporary password for {email}. Choose your own (at least 6 characters) to continue.
            </Trans>
          </Text>
          {/* The account, for password managers that save the new password. */}
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={t`New password`}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
            error={passwordError}
          />
          <FormFailureAlert failure={failure.failure} />
          <Button type="submit" fullWidth disabled={change.isPending}>
            {change.isPending ? t`Saving...` : t`Save password`}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            <Trans>Sign out</Trans>
          </Anchor>
        </Stack>
      </form>
    </AuthScreenLayout>
  );
}
