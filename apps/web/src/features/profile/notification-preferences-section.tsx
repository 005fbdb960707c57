import { notificationKinds } from '@brigade/core/notification-kinds';
import type { NotificationPreference, NotificationPreferences } from '@brigade/core/schemas/notifications';
import { Alert, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconMailOff } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadError } from '../../components/load-error';
import { useNotificationPreferences } from './api/get-notification-preferences';
import { useUpdateNotificationPreference } from './api/update-notification-preferences';

const SECTION_WIDTH = 640;

export const preferenceMessages = {
  heading: 'Notifications',
  intro: 'Every notification appears under the bell. Choose which should also be sent to you by email.',
  inAppOnly: 'In-app only',
  inAppAndEmail: 'In-app and email',
  emailOff:
    'Email is off on this server (no SMTP is configured), so only in-app notifications are sent. Your choices are kept for when email is turned on.',
  loadFailed: 'Failed to load notification preferences',
  saved: 'Notification preference saved',
  saveFailed: 'Failed to save notification preference',
} as const;

type Channel = 'in-app' | 'email';

const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'in-app', label: preferenceMessages.inAppOnly },
  { value: 'email', label: preferenceMessages.inAppAndEmail },
];

/** Profile's "Notifications" (issue 20): per kind my role receives, in-app only or in-app and email. */
export function NotificationPreferencesSection() {
  const headingId = useId();
  const preferences = useNotificationPreferences();

  return (
    <Paper component="section" withBorder p="lg" maw={SECTION_WIDTH} mt="lg" aria-labelledby={headingId}>
      <Stack>
        <div>
          <Title order={2} size="h3" id={headingId}>
            {preferenceMessages.heading}
          </Title>
          <Text size="sm" c="gray.7">
            {preferenceMessages.intro}
          </Text>
        </div>
        {preferences.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading notification preferences">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={36} />
            ))}
          </Stack>
        ) : preferences.isError ? (
          <LoadError
            message={preferenceMessages.loadFailed}
            onRetry={() => void preferences.refetch()}
            retrying={preferences.isFetching}
          />
        ) : (
          <PreferenceChoices data={preferences.data} />
        )}
      </Stack>
    </Paper>
  );
}

function PreferenceChoices({ data }: { data: NotificationPreferences }) {
  const update = useUpdateNotificationPreference({
    onSuccess: () => toasts.show({ color: 'green', message: preferenceMessages.saved }),
    onError: () => toasts.show({ color: 'red', message: preferenceMessages.saveFailed }),
  });

  return (
    <>
      {!data.emailAvailable && (
        <Alert color="gray" icon={<IconMailOff aria-hidden />} role="note">
          {preferenceMessages.emailOff}
        </Alert>
      )}
      <Stack gap="md">
        {data.preferences.map((preference) => (
          <PreferenceRow
            key={preference.kind}
            preference={preference}
            onChange={(email) => update.mutate({ kind: preference.kind, email })}
          />
        ))}
      </Stack>
    </>
  );
}

function PreferenceRow({
  preference,
  onChange,
}: {
  preference: NotificationPreference;
  onChange: (email: boolean) => void;
}) {
  const labelId = useId();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text id={labelId} fw={500}>
        {notificationKinds[preference.kind].label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={CHANNELS}
        value={preference.email ? 'email' : 'in-app'}
        onChange={(value) => onChange(value === 'email')}
      />
    </Group>
  );
}
