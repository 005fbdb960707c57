import type { WebhookSummary, WebhookWithSecret } from '@brigade/core/schemas/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useWebhooks } from './api/get-webhooks';
import { DeliveriesModal } from './deliveries-modal';
import { SecretModal } from './secret-modal';
import { WebhookCard } from './webhook-card';
import { WebhookFormModal } from './webhook-form-modal';

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
