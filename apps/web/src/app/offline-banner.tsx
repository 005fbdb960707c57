import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconCloudOff, IconRefresh, IconTrash } from '@tabler/icons-react';
import { confirmDelete } from '../components/confirm-delete';
import { formatDateTime } from '../lib/format-date';
import { useCoreText } from '../lib/i18n';
import { discard, type OutboxItem, retry } from '../lib/offline/outbox';
import { describeItemError, useOnline, useOutbox } from '../lib/offline/use-outbox';

/**
 * Above every signed-in page (issue 34): offline, that the app is and how many changes
 * wait to be sent ("3 changes will be sent when you are back online"), and when changes
 * last reached Brigade; online or not, the changes the server refused. "Show changes"
 * lists every change still on this device, with Retry and Discard (after confirming).
 * Online with nothing refused there is nothing to say, and nothing is drawn.
 */
export function OfflineBanner() {
  const online = useOnline();
  const outbox = useOutbox();
  const [listOpened, list] = useDisclosure(false);
  const refused = outbox.failed + outbox.conflicts;
  const waiting = outbox.waiting;
  const kept = outbox.items.length + outbox.refused.length;

  // Online with nothing refused, only the list stays (open while the last changes go).
  const quiet = online && refused === 0 && outbox.refused.length === 0;
  if (quiet && kept === 0 && !listOpened) return null;

  const showChanges = kept > 0 && (
    <Button size="xs" variant="white" color="dark" onClick={list.open}>
      <Trans>Show changes</Trans>
    </Button>
  );
  return (
    <>
      {quiet ? null : online ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" mb="md" p="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {refused > 0 ? (
                <Plural value={refused} one="# change could not be sent" other="# changes could not be sent" />
              ) : (
                <Trans>Changes made by another person on this device are waiting</Trans>
              )}
            </Text>
            {showChanges}
          </Group>
        </Alert>
      ) : (
        <Alert color="gray" variant="filled" icon={<IconCloudOff aria-hidden />} role="status" mb="md" p="sm">
          <Group justify="space-between" gap="xs">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                <Trans>You are offline</Trans>
              </Text>
              <Text size="sm">
                {waiting > 0 ? (
                  <Plural
                    value={waiting}
                    one="# change will be sent when you are back online"
                    other="# changes will be sent when you are back online"
                  />
                ) : (
                  <Trans>Changes you make are kept on this device and sent when you are back online.</Trans>
                )}
                {refused > 0 && (
                  <>
                    {' '}
                    <Plural value={refused} one="# change could not be sent." other="# changes could not be sent." />
                  </>
                )}
              </Text>
              {outbox.lastSyncAt && (
                <Text size="xs">
                  <Trans>Last sent to Brigade: {formatDateTime(outbox.lastSyncAt)}</Trans>
                </Text>
              )}
            </Stack>
            {showChanges}
          </Group>
        </Alert>
      )}
      <ChangesDrawer opened={listOpened} onClose={list.close} />
    </>
  );
}

/** Every change still on this device: the person's own, then another person's (never sent as this one). */
function ChangesDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const outbox = useOutbox();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      title={t`Changes not sent yet`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="sm" pb="md">
        {outbox.items.length === 0 && outbox.refused.length === 0 && (
          <Text size="sm">
            <Trans>Every change has been sent.</Trans>
          </Text>
        )}
        {outbox.items.map((item) => (
          <ChangeRow key={item.id} item={item} />
        ))}
        {outbox.refused.length > 0 && (
          <>
            <Text size="sm" fw={600} mt="sm">
              <Trans>Made by another person on this device</Trans>
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>These are sent only when that person signs in here. You may discard them.</Trans>
            </Text>
            {outbox.refused.map((item) => (
              <ChangeRow key={item.id} item={item} otherPerson />
            ))}
          </>
        )}
      </Stack>
    </Drawer>
  );
}

function ChangeRow({ item, otherPerson = false }: { item: OutboxItem; otherPerson?: boolean }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const online = useOnline();
  const reason = describeItemError(item);
  const label = item.label;
  const askDiscard = () =>
    confirmDelete({
      title: t`Discard this change?`,
      message: t`"${label}" is removed from this device and never sent.`,
      confirmLabel: t`Discard`,
      onConfirm: () => void discard(item.id),
    });
  const states: Record<OutboxItem['state'], { label: string; color: string }> = {
    waiting: { label: online ? t`Waiting` : t`Waiting for a connection`, color: 'gray' },
    sending: { label: t`Sending`, color: 'blue' },
    failed: { label: t`Not sent`, color: 'red' },
    conflict: { label: t`Changed by someone else`, color: 'orange' },
    sent: { label: t`Sent`, color: 'green' },
  };
  const state = states[item.state];
  const refused = item.state === 'failed' || item.state === 'conflict';
  const discardable = item.state !== 'sending' && item.state !== 'sent';
  return (
    <Paper withBorder p="xs">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
            {state.label}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          <Trans>Made {formatDateTime(item.recordedAt)}</Trans>
        </Text>
        {refused && reason && <Text size="sm">{text(reason)}</Text>}
        {discardable && (
          <Group gap="xs">
            {item.state === 'failed' && !otherPerson && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void retry(item.id)}
                aria-label={t`Retry "${label}"`}
              >
                <Trans>Retry</Trans>
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={askDiscard}
              aria-label={t`Discard "${label}"`}
            >
              <Trans>Discard</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
