import type { WebhookWithSecret } from '@brigade/core/schemas/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The signing secret, this once, with how a receiver checks it. */
export function SecretModal({ webhook, onClose }: { webhook: WebhookWithSecret; onClose: () => void }) {
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
