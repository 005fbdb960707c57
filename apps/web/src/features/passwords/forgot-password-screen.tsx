import { messages } from '@brigade/core/messages';
import { RequestPasswordReset } from '@brigade/core/schemas/passwords';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { useFormFailure } from '../../lib/form-failure';
import { usePasswordResetStatus } from './api/get-password-reset-status';
import { useRequestPasswordReset } from './api/request-password-reset';

const title = 'Forgot password';

/**
 * "Forgot password?" from Sign In (issue 20): the email to send a reset link to, or,
 * where Brigade cannot send email, a plain word to ask head office.
 */
export function ForgotPasswordScreen({ onBack }: { onBack: () => void }) {
  useDocumentTitle(`${title} · Brigade`);
  const status = usePasswordResetStatus();

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={24} mb="lg">
        {title}
      </Title>
      <Stack gap="md">
        {status.isPending ? (
          <Stack align="center" role="status" aria-label="Loading">
            <Loader size="sm" />
          </Stack>
        ) : status.isError ? (
          <Alert color="red" role="alert" title="Could not load this page">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{status.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => void status.refetch()}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : status.data.byEmail ? (
          <ResetRequestForm />
        ) : (
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
            {messages.passwordResetByEmailOff}
          </Alert>
        )}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          Back to Sign In
        </Anchor>
      </Stack>
    </AuthScreenLayout>
  );
}

function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const failure = useFormFailure();
  const form = useForm<RequestPasswordReset>({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { email: '' },
    validate: schemaResolver(RequestPasswordReset, { sync: true }),
  });

  if (request.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
        {/* Text in the body colour: the alert's green on its light green fails contrast. */}
        <Text size="sm">{request.data.message}</Text>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        request.mutate(RequestPasswordReset.parse(values), {
          onError: (error) => failure.report(form, error, 'Could not send the link'),
        }),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Enter the email you sign in with. We will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <FormFailureAlert failure={failure.failure} />
        <Button type="submit" fullWidth disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </Stack>
    </form>
  );
}
