import type { ActivityVerification } from '@brigade/core/activity';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useCoreText } from '../../lib/i18n';
import { useVerifyActivityLog } from './api/verify-activity-log';

/**
 * hq's "Verify": the server recomputes every month's hash chain. The answer opens in a
 * dialog: "Log intact: N entries checked", or which entry was changed or removed.
 */
export function VerifyLog() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const verify = useVerifyActivityLog();
  const [opened, setOpened] = useState(false);
  const run = () => {
    setOpened(true);
    verify.mutate();
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        onClick={run}
        loading={verify.isPending}
      >
        <Trans>Verify</Trans>
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Activity log verification`}
        closeButtonProps={{ 'aria-label': t`Close` }}
        centered
      >
        <Stack>
          {verify.isPending && (
            <Text role="status">
              <Trans>Recomputing the chain…</Trans>
            </Text>
          )}
          {verify.isError && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {text(verify.error.message)}
            </Alert>
          )}
          {verify.data && <VerificationResult result={verify.data} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              <Trans>Close</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function VerificationResult({ result }: { result: ActivityVerification }) {
  const checked = result.checked;
  if (result.ok || !result.firstBroken) {
    return (
      <Alert color="green" role="status" icon={<IconShieldCheck size={18} aria-hidden />}>
        <Text fw={700}>
          <Trans>Log intact: {checked} entries checked.</Trans>
        </Text>
      </Alert>
    );
  }
  const { segment, seq, id, reason } = result.firstBroken;
  const entry = id ?? '—';
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={<Trans>Log broken</Trans>}
    >
      <Stack gap={4}>
        <Text size="sm">
          {reason === 'changed' ? (
            <Trans>
              Entry {seq} of {segment} was changed after it was written.
            </Trans>
          ) : (
            <Trans>
              Entry {seq} of {segment} was removed.
            </Trans>
          )}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans>Entry id: {entry}</Trans>
        </Text>
        <Text size="sm">
          <Trans>
            {checked} entries were checked. Restore the database from a backup taken before, and find out who had direct
            access to it.
          </Trans>
        </Text>
      </Stack>
    </Alert>
  );
}
