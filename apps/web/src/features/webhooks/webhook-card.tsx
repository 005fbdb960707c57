import { LANGUAGE_NAMES } from '@brigade/core/languages';
import { type WebhookSummary, type WebhookWithSecret, webhookEventTitles } from '@brigade/core/schemas/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { confirmDelete } from '../../components/confirm-delete';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useDeleteWebhook } from './api/delete-webhook';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useSendWebhookTest } from './api/send-webhook-test';
import { useUpdateWebhook } from './api/update-webhook';
import { KIND_LABELS } from './webhook-form-modal';

/** One endpoint: its state, kind, events and last delivery, and what hq can do with it. */
export function WebhookCard({
  webhook,
  onEdit,
  onLog,
  onSecret,
}: {
  webhook: WebhookSummary;
  onEdit: () => void;
  onLog: () => void;
  onSecret: (created: WebhookWithSecret) => void;
}) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const name = webhook.description || webhook.url;
  const failedToast = (fallback: string) => (error: unknown) =>
    toasts.show({ color: 'red', message: isApiError(error) ? text(error.message) : fallback });

  const askDelete = () =>
    confirmDelete({
      title: t`Delete webhook`,
      message: t`Delete "${name}" and its delivery log? Nothing more is sent to it.`,
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => toasts.show({ color: 'green', message: t`Webhook deleted` }),
          onError: failedToast(t`Failed to delete the webhook`),
        }),
    });
  const askRotate = () =>
    confirmDelete({
      title: t`Replace signing secret`,
      message: t`Make a new signing secret for "${name}"? The current one stops working at once: give the new one to the receiver.`,
      confirmLabel: t`Replace`,
      onConfirm: () =>
        rotate.mutate(webhook.id, { onSuccess: onSecret, onError: failedToast(t`Failed to replace the secret`) }),
    });
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: (delivery) =>
        toasts.show({
          color: delivery.state === 'delivered' ? 'green' : 'red',
          message:
            delivery.state === 'delivered'
              ? t`Test event delivered (${delivery.responseStatus})`
              : t`The test event was not accepted: ${delivery.error ?? ''}`,
        }),
      onError: failedToast(t`Failed to send the test event`),
    });
  const setEnabled = (enabled: boolean) =>
    update.mutate({ id: webhook.id, enabled }, { onError: failedToast(t`Failed to save the webhook`) });

  const state = webhook.enabled ? (
    <Trans>On</Trans>
  ) : webhook.disabledReason === 'failures' ? (
    <Trans>Turned off after 24 hours of failures</Trans>
  ) : (
    <Trans>Off</Trans>
  );
  const last = webhook.lastDelivery;

  return (
    <Paper component="li" withBorder p="md" radius="sm" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Group gap="xs">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Badge
                variant="dot"
                color={webhook.enabled ? 'green.8' : webhook.disabledReason === 'failures' ? 'red.8' : 'gray.6'}
                c="dark.7"
                tt="none"
                style={{ flexShrink: 0, minWidth: 'max-content' }}
              >
                {state}
              </Badge>
            </Group>
            <Text size="sm">
              {i18n._(KIND_LABELS[webhook.kind])}
              {webhook.kind !== 'standard' && ` · ${LANGUAGE_NAMES[webhook.language]}`}
            </Text>
            {webhook.description && (
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {webhook.url}
              </Text>
            )}
            <Text size="sm">
              <Trans>Events:</Trans>{' '}
              {webhook.events
                .map((type) =>
                  type in webhookEventTitles ? text(webhookEventTitles[type as keyof typeof webhookEventTitles]) : type,
                )
                .join(', ')}
            </Text>
            <Text size="sm">
              {last ? (
                <Trans>
                  Last delivery {formatDateTime(last.at)}: {last.responseStatus ?? '—'}
                </Trans>
              ) : (
                <Trans>Nothing sent yet</Trans>
              )}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="compact-sm" variant="default" onClick={onLog} aria-label={t`Deliveries of ${name}`}>
            <Trans>Deliveries</Trans>
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={sendTest}
            loading={test.isPending}
            aria-label={t`Send test event to ${name}`}
          >
            <Trans>Send test event</Trans>
          </Button>
          <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEnabled(!webhook.enabled)}
            loading={update.isPending}
            aria-label={webhook.enabled ? t`Turn off ${name}` : t`Turn on ${name}`}
          >
            {webhook.enabled ? <Trans>Turn off</Trans> : <Trans>Turn on</Trans>}
          </Button>
          {webhook.kind === 'standard' && (
            <Button size="compact-sm" variant="default" onClick={askRotate} aria-label={t`Replace secret of ${name}`}>
              <Trans>Replace secret</Trans>
            </Button>
          )}
          <Button
            size="compact-sm"
            color="red"
            variant="outline"
            onClick={askDelete}
            loading={remove.isPending}
            aria-label={t`Delete ${name}`}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
