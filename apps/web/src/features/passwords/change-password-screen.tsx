import { messages } from '@brigade/core/messages';
import { ChangePassword } from '@brigade/core/schemas/passwords';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useSignOut } from '../../lib/session/sign-out';
import { useChangePassword } from './api/change-password';

const title = 'Choose your password';

/**
 * Signed in with a temporary password set by head office (issue 20): nothing else until
 * the person chooses their own (the server refuses every other call meanwhile).
 */
export function ChangePasswordScreen({ email }: { email: string }) {
  useDocumentTitle(`${title} · Brigade`);
  const change = useChangePassword();
  const signOut = useSignOut();
  const failure = useFormFailure();
  const form = useForm<ChangePassword>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { password: '' },
    validate: schemaResolver(ChangePassword, { sync: true }),
  });

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={24} mb="lg">
        {title}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          change.mutate(values, {
            onSuccess: () => notifications.show({ color: 'green', message: messages.passwordChanged }),
            onError: (error) => failure.report(form, error, 'Could not change the password'),
          }),
        )}
      >
        <Stack gap="md">
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
            {messages.passwordChangeRequired}
          </Alert>
          <Text size="sm" c="gray.7">
            Head office set a temporary password for {email}. Choose your own (at least 6 characters) to continue.
          </Text>
          {/* The account, for password managers that save the new password. */}
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <FormFailureAlert failure={failure.failure} />
          <Button type="submit" fullWidth disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Save password'}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sign out
          </Anchor>
        </Stack>
      </form>
    </AuthScreenLayout>
  );
}
