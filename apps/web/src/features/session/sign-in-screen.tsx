import { messages } from '@brigade/core/messages';
import type { SignIn } from '@brigade/core/schemas/session';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { LanguageSelect } from '../../components/language-select';
import { PasswordField } from '../../components/password-field';
import { activateLanguage, currentLanguage, useCoreText } from '../../lib/i18n';
import { sessionEndedUnexpectedly } from '../../lib/session/end-session';
import { prepareSignIn, useSignIn } from '../../lib/session/sign-in';

/** Sign In (core-operations §2): email, password with show/hide, the server's message on failure. */
export function SignInScreen({
  onForgotPassword,
  passkeySignIn,
  ssoSignIn,
}: {
  onForgotPassword?: () => void;
  /** "Sign in with a passkey" (issue 36), composed by the signed-out screen. */
  passkeySignIn?: ReactNode;
  /** "Sign in with <provider>" buttons (issue 36, single sign-on), composed by the signed-out screen. */
  ssoSignIn?: ReactNode;
}) {
  const { t } = useLingui();
  const { text } = useCoreText();
  useDocumentTitle(t`Sign In · Brigade`);
  const signIn = useSignIn();
  const [sessionEnded] = useState(sessionEndedUnexpectedly);
  const [errors, setErrors] = useState<Partial<Record<keyof SignIn, string>>>({});
  // A field's message goes as soon as it is edited, as in every other form.
  const clearError = (field: keyof SignIn) => () => setErrors((current) => ({ ...current, [field]: undefined }));

  // The SignIn schema's two rules with its messages, written out, and the fields read from
  // the form rather than through @mantine/form: Sign In is the first thing anyone
  // downloads, and zod would add a quarter to it, @mantine/form 6 kB (decision 017).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get('email') ?? '').trim();
    const password = String(fields.get('password') ?? '');
    const found = {
      email: email ? undefined : messages.emailRequired,
      password: password ? undefined : messages.passwordRequired,
    };
    setErrors(found);
    if (!found.email && !found.password) signIn.mutate({ email, password });
  };

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={28} mb="lg">
        <Trans>Sign In</Trans>
      </Title>
      {sessionEnded && (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />} mb="md" role="status">
          {text(messages.signedOut)}
        </Alert>
      )}
      {/* noValidate: the shared messages show under the fields instead of the browser's bubbles.
          Both fields are required, so no asterisks: the labels read just "Email", "Password". */}
      <form noValidate onFocus={prepareSignIn} onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            name="email"
            error={errors.email && text(errors.email)}
            onChange={clearError('email')}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            required
            withAsterisk={false}
            name="password"
            error={errors.password && text(errors.password)}
            onChange={clearError('password')}
          />
          {onForgotPassword && (
            <Anchor component="button" type="button" size="sm" ta="right" onClick={onForgotPassword}>
              <Trans>Forgot password?</Trans>
            </Anchor>
          )}
          <Button type="submit" fullWidth mt="xs" disabled={signIn.isPending}>
            {signIn.isPending ? t`Signing in...` : t`Sign In`}
          </Button>
          {signIn.isError && (
            <Text c="red.9" size="sm" ta="center" role="alert">
              {text(signIn.error.message)}
            </Text>
          )}
        </Stack>
      </form>
      {(passkeySignIn || ssoSignIn) && (
        <Stack mt="md" gap="xs">
          <Divider label={t`or`} labelPosition="center" />
          {ssoSignIn}
          {passkeySignIn}
        </Stack>
      )}
      {/* The switch remembers the choice on this browser; once signed in, Profile keeps it for the person. */}
      <Stack mt="xl">
        <LanguageSelect
          value={currentLanguage()}
          onChange={(language) => language && void activateLanguage(language, { remember: true })}
        />
      </Stack>
    </AuthScreenLayout>
  );
}
