import { notificationKinds } from '@brigade/core/notification-kinds';
import type { NotificationPreference, NotificationPreferences } from '@brigade/core/schemas/notifications';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconMailOff } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadError } from '../../components/load-error';
import { useCoreText } from '../../lib/i18n';
import { useNotificationPreferences } from './api/get-notification-preferences';
import { useUpdateNotificationPreference } from './api/update-notification-preferences';

const SECTION_WIDTH = 640;

export const preferenceMessages = {
  heading: msg`Notifications`,
  intro: msg`Every notification appears under the bell. Choose which should also reach you by email, and as a push notification on the devices where you turned push on.`,
  inAppOnly: msg`In-app only`,
  inAppAndEmail: msg`In-app and email`,
  emailOff: msg`Email is off on this server (no SMTP is configured), so no email is sent: the kinds you choose still reach the devices where you turned push on. Your choices are kept for when email is turned on.`,
  loadFailed: msg`Failed to load notification preferences`,
  saved: msg`Notification preference saved`,
  saveFailed: msg`Failed to save notification preference`,
};

type Channel = 'in-app' | 'email';

const CHANNELS = [
  { value: 'in-app', label: preferenceMessages.inAppOnly },
  { value: 'email', label: preferenceMessages.inAppAndEmail },
] as const satisfies { value: Channel; label: unknown }[];

/** Profile's "Notifications" (issue 20): per kind my role receives, in-app only or in-app and email. */
export function NotificationPreferencesSection() {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const preferences = useNotificationPreferences();

  return (
    <Paper component="section" withBorder p="lg" maw={SECTION_WIDTH} mt="lg" aria-labelledby={headingId}>
      <Stack>
        <div>
          <Title order={2} size="h3" id={headingId}>
            {i18n._(preferenceMessages.heading)}
          </Title>
          <Text size="sm" c="gray.7">
            {i18n._(preferenceMessages.intro)}
          </Text>
        </div>
        {preferences.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading notification preferences`}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={36} />
            ))}
          </Stack>
        ) : preferences.isError ? (
          <LoadError
            message={i18n._(preferenceMessages.loadFailed)}
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
  const { i18n } = useLingui();
  const update = useUpdateNotificationPreference({
    onSuccess: () => toasts.show({ color: 'green', message: i18n._(preferenceMessages.saved) }),
    onError: () => toasts.show({ color: 'red', message: i18n._(preferenceMessages.saveFailed) }),
  });

  return (
    <>
      {!data.emailAvailable && (
        <Alert color="gray" icon={<IconMailOff aria-hidden />} role="note">
          {i18n._(preferenceMessages.emailOff)}
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
  const { i18n } = useLingui();
  const { text } = useCoreText();
  const labelId = useId();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text id={labelId} fw={500}>
        {text(notificationKinds[preference.kind].label)}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={CHANNELS.map((channel) => ({ value: channel.value, label: i18n._(channel.label) }))}
        value={preference.email ? 'email' : 'in-app'}
        onChange={(value) => onChange(value === 'email')}
      />
    </Group>
  );
}
