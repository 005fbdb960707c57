import { messages } from '@brigade/core/messages';
import { type Profile, UpdateProfile, type UpdateProfileInput } from '@brigade/core/schemas/profile';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { FormPage } from '../../components/form-page';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { LanguageSection } from './language-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { PushSection } from './push-section';

const FORM_WIDTH = 520;

/**
 * 'Update Profile' (core-operations §2): name, email and an optional new password.
 * `passkeys`: the passkeys section (issue 36), composed by the route table.
 */
export function ProfilePage({ passkeys }: { passkeys?: ReactNode }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const profile = useProfile();

  return (
    <>
      <FormPage
        title={t`Update Profile`}
        load={profile}
        width={FORM_WIDTH}
        loadingLabel={t`Loading profile`}
        skeletonRows={3}
        loadFailed={text(messages.profileLoadFailed)}
      >
        {(stored) => <ProfileForm profile={stored} />}
      </FormPage>
      <LanguageSection />
      <NotificationPreferencesSection />
      <PushSection />
      {passkeys}
    </>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const update = useUpdateProfile();
  // A taken email (409) shows under Email only; anything no field can show, in the box.
  const saveFailure = useFormFailure({ conflictField: 'email' });
  const form = useForm<UpdateProfileInput & { password: string }>({
    mode: 'uncontrolled',
    onValuesChange: saveFailure.clear,
    initialValues: { name: profile.name, email: profile.email, password: '' },
    validate: schemaResolver(UpdateProfile, { sync: true }),
  });

  function save(values: UpdateProfileInput) {
    update.mutate(values, {
      onSuccess: (saved) => {
        const next = { name: saved.name, email: saved.email, password: '' };
        form.setInitialValues(next);
        form.setValues(next);
        notifications.show({ color: 'green', message: text(messages.profileUpdated) });
      },
      // Typed values stay in the form.
      onError: (error) => saveFailure.report(form, error, text(messages.profileUpdateFailed)),
    });
  }

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: 'name' | 'email' | 'password') {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(save)}>
        <Stack>
          <TextInput label={t`Name`} autoComplete="name" required key={form.key('name')} {...field('name')} />
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...field('email')}
          />
          <PasswordField
            label={t`Password`}
            description={t`Leave blank to keep your current password`}
            autoComplete="new-password"
            key={form.key('password')}
            {...field('password')}
          />
          <FormFailureAlert failure={saveFailure.failure} />
          <Group>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Changes</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
