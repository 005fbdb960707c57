import type { WebhookDelivery, WebhookSummary } from '@brigade/core/schemas/webhooks';
import { webhookEventTitles } from '@brigade/core/schemas/webhooks';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from './api/get-webhook-deliveries';
import { useResendWebhookDelivery } from './api/resend-webhook-delivery';

const STATE_LABELS = {
  pending: msg`Waiting to retry`,
  sending: msg`Sending`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
} as const satisfies Record<WebhookDelivery['state'], unknown>;

const STATE_COLOURS = { pending: 'yellow.8', sending: 'blue.8', delivered: 'green.8', failed: 'red.8' } as const;

/** The delivery log of one endpoint, newest first, paged by the server, with Resend. */
export function DeliveriesModal({ webhook, onClose }: { webhook: WebhookSummary; onClose: () => void }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhook.id, page);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Deliveries to ${webhook.description || webhook.url}`}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {deliveries.isPending ? (
        <Skeleton height={160} role="status" aria-busy="true" aria-label={t`Loading deliveries`} />
      ) : deliveries.isError ? (
        <LoadError
          message={t`Failed to load the deliveries`}
          onRetry={() => void deliveries.refetch()}
          retrying={deliveries.isFetching}
        />
      ) : deliveries.data.items.length === 0 ? (
        <EmptyList
          title={t`Nothing sent yet`}
          description={t`Deliveries appear here when a chosen event happens, or after "Send test event".`}
          icon={<IconSend aria-hidden />}
        />
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Deliveries`}>
            {deliveries.data.items.map((delivery) => (
              <DeliveryRow key={delivery.id} webhookId={webhook.id} delivery={delivery} />
            ))}
          </Stack>
          <ListPagination
            total={deliveries.data.total}
            page={page}
            pageSize={DELIVERIES_PAGE_SIZE}
            onChange={setPage}
            label={t`Delivery pages`}
          />
        </>
      )}
    </Modal>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const resend = useResendWebhookDelivery();
  const title =
    delivery.eventType in webhookEventTitles
      ? text(webhookEventTitles[delivery.eventType as keyof typeof webhookEventTitles])
      : delivery.eventType;
  const when = formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt);
  const doResend = () =>
    resend.mutate(
      { id: webhookId, deliveryId: delivery.id },
      {
        onSuccess: (result) =>
          toasts.show({
            color: result.state === 'delivered' ? 'green' : 'red',
            message: result.state === 'delivered' ? t`Delivered again` : t`Resent, but the receiver did not accept it`,
          }),
        onError: (error) =>
          toasts.show({ color: 'red', message: isApiError(error) ? text(error.message) : t`Failed to resend` }),
      },
    );

  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-label={`${title} · ${when}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            <Badge variant="dot" color={STATE_COLOURS[delivery.state]} c="dark.7" tt="none">
              {i18n._(STATE_LABELS[delivery.state])}
            </Badge>
          </Group>
          <Text size="sm">
            {when} · <Trans>Attempts: {delivery.attempts}</Trans>
            {delivery.responseStatus !== null && (
              <>
                {' · '}
                <Trans>Response {delivery.responseStatus}</Trans>
              </>
            )}
            {delivery.durationMs !== null && (
              <>
                {' · '}
                <Trans>{delivery.durationMs} ms</Trans>
              </>
            )}
          </Text>
          {delivery.error && (
            <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {delivery.error}
            </Text>
          )}
          {delivery.responseBody && (
            <Code block style={{ maxHeight: 96, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
              {delivery.responseBody}
            </Code>
          )}
        </Stack>
        <Button
          size="compact-sm"
          variant="default"
          onClick={doResend}
          loading={resend.isPending}
          disabled={delivery.state === 'sending'}
          aria-label={t`Resend ${title} of ${when}`}
        >
          <Trans>Resend</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
