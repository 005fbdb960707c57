import { messages } from '@brigade/core/messages';
import { type Profile, UpdateProfile, type UpdateProfileInput } from '@brigade/core/schemas/profile';
import { Alert, Button, Group, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { FormFailureAlert } from '../../components/form-failure-alert';
import { PageHeader } from '../../components/page-header';
import { PasswordField } from '../../components/password-field';
import { useFormFailure } from '../../lib/form-failure';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { NotificationPreferencesSection } from './notification-preferences-section';

const FORM_WIDTH = 520;

/** 'Update Profile' (core-operations §2): name, email and an optional new password. */
export function ProfilePage() {
  const profile = useProfile();

  return (
    <>
      <PageHeader title="Update Profile" />
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <Stack maw={FORM_WIDTH} align="flex-start">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            {messages.profileLoadFailed}
          </Alert>
          <Button variant="default" onClick={() => void profile.refetch()} loading={profile.isFetching}>
            Retry
          </Button>
        </Stack>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
      <NotificationPreferencesSection />
    </>
  );
}

function ProfileSkeleton() {
  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH} role="status" aria-busy="true" aria-label="Loading profile">
      <Stack>
        {[0, 1, 2].map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={14} width={90} />
            <Skeleton height={36} />
          </Stack>
        ))}
        <Skeleton height={36} width={140} />
      </Stack>
    </Paper>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
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
        notifications.show({ color: 'green', message: messages.profileUpdated });
      },
      // Typed values stay in the form.
      onError: (error) => saveFailure.report(form, error, messages.profileUpdateFailed),
    });
  }

  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(save)}>
        <Stack>
          <TextInput label="Name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            description="Leave blank to keep your current password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <FormFailureAlert failure={saveFailure.failure} />
          <Group>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
