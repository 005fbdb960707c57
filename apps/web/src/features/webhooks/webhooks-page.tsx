import { LANGUAGE_NAMES } from '@brigade/core/languages';
import { type WebhookSummary, type WebhookWithSecret, webhookEventTitles } from '@brigade/core/schemas/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhooks } from './api/get-webhooks';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useSendWebhookTest } from './api/send-webhook-test';
import { useUpdateWebhook } from './api/update-webhook';
import { DeliveriesModal } from './deliveries-modal';
import { KIND_LABELS, WebhookFormModal } from './webhook-form-modal';

/**
 * Webhooks (issue 37, hq): the endpoints Brigade sends events to (signed with Standard
 * Webhooks, or a Teams or Slack channel), each with its state, delivery log and a test
 * event. A signing secret is shown once, when it is made or replaced.
 */
export function WebhooksPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Webhooks · Brigade`);
  const webhooks = useWebhooks();
  const [form, setForm] = useState<{ editing: WebhookSummary | null } | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [log, setLog] = useState<WebhookSummary | null>(null);

  return (
    <Stack>
      <PageHeader
        title={t`Webhooks`}
        subtitle={t`Send Brigade's events to your other systems, or to a Teams or Slack channel.`}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setForm({ editing: null })}>
            <Trans>Add webhook</Trans>
          </Button>
        }
      />
      {webhooks.isPending ? (
        <Skeleton height={120} role="status" aria-busy="true" aria-label={t`Loading webhooks`} />
      ) : webhooks.isError ? (
        <LoadError
          message={t`Failed to load the webhooks`}
          onRetry={() => void webhooks.refetch()}
          retrying={webhooks.isFetching}
        />
      ) : webhooks.data.items.length === 0 ? (
        <EmptyList
          title={t`No webhooks yet`}
          description={t`Add one to tell another system when an audit is completed, an action opens, and more.`}
          icon={<IconWebhook aria-hidden />}
        />
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Webhooks`}>
          {webhooks.data.items.map((webhook) => (
            <WebhookCard
              key={webhook.id}
              webhook={webhook}
              onEdit={() => setForm({ editing: webhook })}
              onLog={() => setLog(webhook)}
              onSecret={setSecret}
            />
          ))}
        </Stack>
      )}
      {form && (
        <WebhookFormModal
          editing={form.editing}
          onClose={() => setForm(null)}
          onCreated={(created) => {
            setForm(null);
            if (created.secret) setSecret(created);
            else toasts.show({ color: 'green', message: t`Webhook added` });
          }}
        />
      )}
      {secret && <SecretModal webhook={secret} onClose={() => setSecret(null)} />}
      {log && <DeliveriesModal webhook={log} onClose={() => setLog(null)} />}
    </Stack>
  );
}

function WebhookCard({
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
            <Button
              size="compact-sm"
              variant="default"
              onClick={askRotate}
              aria-label={t`Replace the signing secret of ${name}`}
            >
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

/** The signing secret, this once, with how a receiver checks it. */
function SecretModal({ webhook, onClose }: { webhook: WebhookWithSecret; onClose: () => void }) {
  const { t } = useLingui();
  const secret = webhook.secret ?? '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Copy the signing secret now`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          <Trans>
            This is the only time the secret is shown. The receiver verifies each request's webhook-signature header
            with it (Standard Webhooks).
          </Trans>
        </Alert>
        <TextInput label={t`Signing secret`} value={secret} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t`Copied` : t`Copy secret`}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
