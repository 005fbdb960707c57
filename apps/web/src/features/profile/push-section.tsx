import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellOff, IconDeviceMobileOff } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadError } from '../../components/load-error';
import { isApiError } from '../../lib/api-client';
import { NotificationsBlockedError } from '../../lib/push-subscription';
import { type DevicePush, useDevicePush, useSetDevicePush } from './api/push-on-this-device';

const SECTION_WIDTH = 640;

export const pushMessages = {
  heading: msg`Push notifications on this device`,
  intro: msg`The notifications you chose to receive by email (under Notifications) also appear on this device, even when Brigade is closed. Signing out turns them off on this device.`,
  unsupported: msg`This browser cannot receive push notifications. On an iPhone or iPad, add Brigade to the Home Screen and open it from there.`,
  noWorker: msg`Push notifications need Brigade's offline support, which has not started on this page. Reload the page to start it.`,
  blocked: msg`Notifications are blocked for Brigade in this browser. To receive them, allow notifications in the site settings (the icon beside the address), then reload this page.`,
  loadFailed: msg`Failed to check push notifications on this device`,
  turnedOn: msg`Push notifications are on for this device`,
  turnedOff: msg`Push notifications are off for this device`,
  turnOnFailed: msg`Failed to turn push notifications on`,
  turnOffFailed: msg`Failed to turn push notifications off`,
};

/**
 * Profile's "Push notifications on this device" (issue 34): one switch, for this device
 * only, when the browser can receive push; otherwise only why not, and what to do.
 */
export function PushSection() {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const state = useDevicePush();

  return (
    <Paper component="section" withBorder p="lg" maw={SECTION_WIDTH} mt="lg" aria-labelledby={headingId}>
      <Stack>
        <div>
          <Title order={2} size="h3" id={headingId}>
            {i18n._(pushMessages.heading)}
          </Title>
          <Text size="sm" c="gray.7">
            {i18n._(pushMessages.intro)}
          </Text>
        </div>
        {state.isPending ? (
          <Skeleton height={28} role="status" aria-busy="true" aria-label={t`Checking push notifications`} />
        ) : state.isError ? (
          <LoadError
            message={i18n._(pushMessages.loadFailed)}
            onRetry={() => void state.refetch()}
            retrying={state.isFetching}
          />
        ) : (
          <DevicePushChoice state={state.data} />
        )}
      </Stack>
    </Paper>
  );
}

function DevicePushChoice({ state }: { state: DevicePush }) {
  const { i18n } = useLingui();
  const setPush = useSetDevicePush({
    onError: (error, on) => {
      // A refusal of the permission shows as the explanation below, once read again.
      if (error instanceof NotificationsBlockedError) return;
      const fallback = i18n._(on ? pushMessages.turnOnFailed : pushMessages.turnOffFailed);
      toasts.show({ color: 'red', message: isApiError(error) ? error.message : fallback });
    },
  });

  if (state.support === 'unsupported') {
    return (
      <Alert color="gray" icon={<IconDeviceMobileOff aria-hidden />} role="note">
        {i18n._(pushMessages.unsupported)}
      </Alert>
    );
  }
  if (state.support === 'no-worker') {
    return (
      <Alert color="gray" icon={<IconDeviceMobileOff aria-hidden />} role="note">
        {i18n._(pushMessages.noWorker)}
      </Alert>
    );
  }
  if (state.permission === 'denied') {
    return (
      <Alert color="yellow" icon={<IconBellOff aria-hidden />} role="note">
        {i18n._(pushMessages.blocked)}
      </Alert>
    );
  }
  const checked = setPush.isPending ? setPush.variables : state.on;
  return (
    <Switch
      label={i18n._(pushMessages.heading)}
      checked={checked}
      disabled={setPush.isPending}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        setPush.mutate(on, {
          onSuccess: () =>
            toasts.show({ color: 'green', message: i18n._(on ? pushMessages.turnedOn : pushMessages.turnedOff) }),
        });
      }}
    />
  );
}
