import { messages } from '@brigade/core/messages';
import { ResetPassword } from '@brigade/core/schemas/passwords';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useResetPassword } from './api/reset-password';

const title = 'Choose a new password';

/** Sign In again, from the address bar's root (the link's token leaves the address). */
const goToSignIn = () => window.location.assign('/');

/**
 * The page a reset link opens (`/reset-password?token=…`, issue 20): the new password,
 * under the app's rules. Every session of the person ends; they sign in with it.
 */
export function ResetPasswordScreen() {
  useDocumentTitle(`${title} · Brigade`);
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const reset = useResetPassword();
  const failure = useFormFailure();
  const form = useForm<{ newPassword: string }>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { newPassword: '' },
    validate: schemaResolver(ResetPassword.pick({ newPassword: true }), { sync: true }),
  });

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={24} mb="lg">
        {title}
      </Title>
      {reset.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            <Text size="sm">{messages.passwordResetDone}</Text>
          </Alert>
          <Button fullWidth onClick={goToSignIn}>
            Go to Sign In
          </Button>
        </Stack>
      ) : !token ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {messages.passwordResetLinkInvalid}
          </Alert>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={goToSignIn}>
            Back to Sign In
          </Anchor>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ newPassword }) =>
            reset.mutate(
              { token, newPassword },
              { onError: (error) => failure.report(form, error, 'Could not change the password') },
            ),
          )}
        >
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              At least 6 characters. You will be signed out everywhere and sign in with the new password.
            </Text>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              required
              withAsterisk={false}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <FormFailureAlert failure={failure.failure} />
            <Button type="submit" fullWidth disabled={reset.isPending}>
              {reset.isPending ? 'Saving...' : 'Set new password'}
            </Button>
            <Anchor component="button" type="button" size="sm" ta="center" onClick={goToSignIn}>
              Back to Sign In
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthScreenLayout>
  );
}
