import { messages } from '@brigade/core/messages';
import { ResetPassword } from '@brigade/core/schemas/passwords';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useResetPassword } from './api/reset-password';

const titleMessage = msg`Choose a new password`;

/** Sign In again, from the address bar's root (the link's token leaves the address). */
const goToSignIn = () => window.location.assign('/');

/**
 * The page a reset link opens (`/reset-password?token=…`, issue 20): the new password,
 * under the app's rules. Every session of the person ends; they sign in with it.
 */
export function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const title = i18n._(titleMessage);
  useDocumentTitle(t`${title} · Brigade`);
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const reset = useResetPassword();
  const failure = useFormFailure();
  const form = useForm<{ newPassword: string }>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { newPassword: '' },
    validate: schemaResolver(ResetPassword.pick({ newPassword: true }), { sync: true }),
  });
  // The schema's messages (and the server's) are core's English: shown in the person's language.
  const passwordError =
    typeof form.errors.newPassword === 'string' ? text(form.errors.newPassword) : form.errors.newPassword;

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={24} mb="lg">
        {title}
      </Title>
      {reset.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            <Text size="sm">{text(messages.passwordResetDone)}</Text>
          </Alert>
          <Button fullWidth onClick={goToSignIn}>
            <Trans>Go to Sign In</Trans>
          </Button>
        </Stack>
      ) : !token ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {text(messages.passwordResetLinkInvalid)}
          </Alert>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={goToSignIn}>
            <Trans>Back to Sign In</Trans>
          </Anchor>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit(({ newPassword }) =>
            reset.mutate(
              { token, newPassword },
              { onError: (error) => failure.report(form, error, t`Could not change the password`) },
            ),
          )}
        >
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              <Trans>At least 6 characters. You will be signed out everywhere and sign in with the new password.</Trans>
            </Text>
            <PasswordField
              label={t`New password`}
              autoComplete="new-password"
              required
              withAsterisk={false}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
              error={passwordError}
            />
            <FormFailureAlert failure={failure.failure} />
            <Button type="submit" fullWidth disabled={reset.isPending}>
              {reset.isPending ? t`Saving...` : t`Set new password`}
            </Button>
            <Anchor component="button" type="button" size="sm" ta="center" onClick={goToSignIn}>
              <Trans>Back to Sign In</Trans>
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthScreenLayout>
  );
}
