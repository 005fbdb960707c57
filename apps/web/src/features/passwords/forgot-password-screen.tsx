import { messages } from '@brigade/core/messages';
import { RequestPasswordReset } from '@brigade/core/schemas/passwords';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { usePasswordResetStatus } from './api/get-password-reset-status';
import { useRequestPasswordReset } from './api/request-password-reset';

const titleMessage = msg`Forgot password`;

/**
 * "Forgot password?" from Sign In (issue 20): the email to send a reset link to, or,
 * where Brigade cannot send email, a plain word to ask head office.
 */
export function ForgotPasswordScreen({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const title = i18n._(titleMessage);
  useDocumentTitle(t`${title} · Brigade`);
  const status = usePasswordResetStatus();

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={24} mb="lg">
        {title}
      </Title>
      <Stack gap="md">
        {status.isPending ? (
          <Stack align="center" role="status" aria-label={t`Loading`}>
            <Loader size="sm" />
          </Stack>
        ) : status.isError ? (
          <Alert color="red" role="alert" title={t`Could not load this page`}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{text(status.error.message)}</Text>
              <Button size="xs" variant="default" onClick={() => void status.refetch()}>
                <Trans>Retry</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : status.data.byEmail ? (
          <ResetRequestForm />
        ) : (
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
            {text(messages.passwordResetByEmailOff)}
          </Alert>
        )}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          <Trans>Back to Sign In</Trans>
        </Anchor>
      </Stack>
    </AuthScreenLayout>
  );
}

function ResetRequestForm() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const request = useRequestPasswordReset();
  const failure = useFormFailure();
  const form = useForm<RequestPasswordReset>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { email: '' },
    validate: schemaResolver(RequestPasswordReset, { sync: true }),
  });
  // The schema's messages (and the server's) are core's English: shown in the person's language.
  const emailError = typeof form.errors.email === 'string' ? text(form.errors.email) : form.errors.email;

  if (request.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
        {/* Text in the body colour: the alert's green on its light green fails contrast. */}
        <Text size="sm">{text(request.data.message)}</Text>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        request.mutate(RequestPasswordReset.parse(values), {
          onError: (error) => failure.report(form, error, t`Could not send the link`),
        }),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          <Trans>Enter the email you sign in with. We will send you a link to choose a new password.</Trans>
        </Text>
        <TextInput
          label={t`Email`}
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          key={form.key('email')}
          {...form.getInputProps('email')}
          error={emailError}
        />
        <FormFailureAlert failure={failure.failure} />
        <Button type="submit" fullWidth disabled={request.isPending}>
          {request.isPending ? t`Sending...` : t`Send reset link`}
        </Button>
      </Stack>
    </form>
  );
}
