import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCloudUpload, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCoreText } from '../../lib/i18n';
import { discard, type OutboxItem, retry } from '../../lib/offline/outbox';
import { useOnline } from '../../lib/offline/use-outbox';
import { confirmDelete } from '../confirm-delete';

interface OutboxItemStatusProps {
  item: OutboxItem;
  /** What the change is, as the screen names it ("Your resolution", "Your acknowledgement"). */
  what: string;
  /** The person's version of the change, kept visible until it is sent or discarded. */
  children?: ReactNode;
  /** Said instead of the server's message when someone else got there first (409). */
  conflictMessage?: string;
  /** Called once the person discarded the change (the screen starts over from the stored record). */
  onDiscarded?: () => void;
  /**
   * A conflict's button when it says what follows ("Reload": the stored version replaces
   * the person's, which stays on screen until then); pressed without a confirmation.
   */
  conflictAction?: string;
}

/**
 * A change of this screen that is still in the outbox (issue 34): waiting ("Will be sent
 * when you are back online"), sending, refused with the server's reason (Retry, Discard),
 * or in conflict with what someone else did meanwhile (what happened, the person's version,
 * Discard mine). Nothing is dropped without the person confirming it.
 */
export function OutboxItemStatus({
  item,
  what,
  children,
  conflictMessage,
  onDiscarded,
  conflictAction,
}: OutboxItemStatusProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const online = useOnline();
  const reason = item.error ? text(item.error.message) : null;
  const askDiscard = () =>
    confirmDelete({
      title: t`Discard this change?`,
      message: t`${what} is removed from this device and never sent.`,
      confirmLabel: t`Discard`,
      onConfirm: () => void discard(item.id).then(() => onDiscarded?.()),
    });
  const discardNow = () => void discard(item.id).then(() => onDiscarded?.());

  if (item.state === 'conflict') {
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        title={t`${what} was not sent: someone else changed this meanwhile`}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{conflictMessage ?? reason}</Text>
          {children}
          <Button
            size="xs"
            variant="filled"
            color="orange.9"
            leftSection={conflictAction ? undefined : <IconTrash size={14} aria-hidden />}
            onClick={conflictAction ? discardNow : askDiscard}
          >
            {conflictAction ?? <Trans>Discard mine</Trans>}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (item.state === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={t`${what} was not sent`}>
        <Stack gap="xs" align="flex-start">
          {reason && <Text size="sm">{reason}</Text>}
          {children}
          <Group gap="xs">
            <Button
              size="xs"
              variant="filled"
              color="red.8"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void retry(item.id)}
            >
              <Trans>Retry</Trans>
            </Button>
            <Button size="xs" variant="default" leftSection={<IconTrash size={14} aria-hidden />} onClick={askDiscard}>
              <Trans>Discard</Trans>
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" icon={<IconCloudUpload aria-hidden />} role="status" title={what}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {item.state === 'sending' ? (
            <Trans>Sending…</Trans>
          ) : online ? (
            <Trans>Waiting to be sent.</Trans>
          ) : (
            <Trans>Will be sent when you are back online</Trans>
          )}
        </Text>
        {children}
      </Stack>
    </Alert>
  );
}
