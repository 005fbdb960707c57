import { CreateFirstAccount } from '@brigade/core/schemas/session';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { LanguageSelect } from '../../components/language-select';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api-client';
import { useFormFailure } from '../../lib/form-failure';
import { activateLanguage, currentLanguage, useCoreText } from '../../lib/i18n';
import { markFirstVisit } from '../../lib/session/first-visit';
import { useSignIn } from '../../lib/session/sign-in';
import { useCreateFirstAccount } from './api/create-first-account';
import { setupStatusQueryKey } from './api/get-setup-status';

const titleMessage = msg`Create the head office account`;

/**
 * First run: the database holds no user yet, so nobody could sign in. The person
 * installing Brigade creates the head office account here and is signed in with it.
 */
export function FirstRunScreen() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const title = i18n._(titleMessage);
  useDocumentTitle(t`${title} · Brigade`);
  const queryClient = useQueryClient();
  const createAccount = useCreateFirstAccount();
  const signIn = useSignIn();
  const saveFailure = useFormFailure();
  const form = useForm<CreateFirstAccount>({
    mode: 'uncontrolled',
    onValuesChange: saveFailure.clear,
    initialValues: { name: '', email: '', password: '' },
    validate: schemaResolver(CreateFirstAccount, { sync: true }),
  });
  // The schema's messages (and the server's) are core's English: shown in the person's language.
  const fieldError = (field: keyof CreateFirstAccount) => {
    const error = form.errors[field];
    return typeof error === 'string' ? text(error) : error;
  };

  const busy = createAccount.isPending || signIn.isPending;
  // Field messages show under their fields only; the line below says what no field can.
  const failureText = saveFailure.failure
    ? (saveFailure.failure.detail ?? saveFailure.failure.title)
    : signIn.error?.message;
  const failure = failureText && text(failureText);

  async function submit(values: CreateFirstAccount) {
    const input = CreateFirstAccount.parse(values);
    try {
      await createAccount.mutateAsync(input);
    } catch (error) {
      if (error instanceof Error) saveFailure.report(form, error, t`Failed to create account`);
      // Someone else finished first run meanwhile: Sign In replaces this screen.
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: setupStatusQueryKey });
      return;
    }
    markFirstVisit();
    signIn.mutate({ email: input.email, password: input.password });
  }

  return (
    <AuthScreenLayout>
      {/* The first person here is new to Brigade: a welcome, not Sign In's "back" (issue 31). */}
      <Title order={1} ta="center" fz={28} mb={4}>
        <Trans>Welcome to Brigade</Trans>
      </Title>
      <Title order={2} ta="center" fz="lg" fw={600} mb="xs">
        {title}
      </Title>
      <Text size="sm" c="gray.7" ta="center" mb="lg">
        <Trans>
          Brigade has no accounts yet. This first head office account can add restaurants, managers and staff.
        </Trans>
      </Text>
      {/* Every field is required, so no asterisks; the schema's messages replace the browser's. */}
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <TextInput
            label={t`Name`}
            autoComplete="name"
            required
            withAsterisk={false}
            key={form.key('name')}
            {...form.getInputProps('name')}
            error={fieldError('name')}
          />
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
            error={fieldError('email')}
          />
          <PasswordField
            label={t`Password`}
            description={t`At least 6 characters`}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
            error={fieldError('password')}
          />
          <Button type="submit" fullWidth mt="xs" disabled={busy}>
            {createAccount.isPending ? t`Creating account...` : signIn.isPending ? t`Signing in...` : t`Create account`}
          </Button>
          {failure && (
            <Text c="red.9" size="sm" ta="center" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
      </form>
      {/* As on Sign In: the choice is remembered on this browser, and the new account follows it. */}
      <Stack mt="xl">
        <LanguageSelect
          value={currentLanguage()}
          onChange={(language) => language && void activateLanguage(language, { remember: true })}
        />
      </Stack>
    </AuthScreenLayout>
  );
}
