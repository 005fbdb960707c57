import { messages } from '@brigade/core/messages';
import type { SignIn } from '@brigade/core/schemas/session';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthScreenLayout } from '../../components/auth-screen-layout';
import { PasswordField } from '../../components/password-field';
import { sessionEndedUnexpectedly } from '../../lib/session/end-session';
import { useSignIn } from '../../lib/session/sign-in';

/** Sign In (core-operations §2): email, password with show/hide, the server's message on failure. */
export function SignInScreen() {
  useDocumentTitle('Sign In · Brigade');
  const signIn = useSignIn();
  const [sessionEnded] = useState(sessionEndedUnexpectedly);
  const form = useForm<SignIn>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // The SignIn schema's two rules with its messages, written out: the sign-in screen is
    // the first thing anyone downloads, and zod would add a quarter to it (bench/web.ts).
    validate: {
      email: (value) => (value.trim() ? null : messages.emailRequired),
      password: (value) => (value ? null : messages.passwordRequired),
    },
  });

  return (
    <AuthScreenLayout>
      <Title order={1} ta="center" fz={28} mb="lg">
        Sign In
      </Title>
      {sessionEnded && (
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />} mb="md" role="status">
          {messages.signedOut}
        </Alert>
      )}
      {/* noValidate: the shared messages show under the fields instead of the browser's bubbles.
          Both fields are required, so no asterisks: the labels read just "Email", "Password". */}
      <form
        noValidate
        onSubmit={form.onSubmit(({ email, password }) => signIn.mutate({ email: email.trim(), password }))}
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth mt="xs" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
          {signIn.isError && (
            <Text c="red.9" size="sm" ta="center" role="alert">
              {signIn.error.message}
            </Text>
          )}
        </Stack>
      </form>
    </AuthScreenLayout>
  );
}
