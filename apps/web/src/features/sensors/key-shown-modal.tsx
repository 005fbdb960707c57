import { SENSOR_HEADERS, type SensorDeviceWithKey } from '@brigade/core/schemas/sensors';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * A device's key, this once (after registering it or issuing a new one), with where the
 * device posts and how it signs. Brigade keeps only a digest of the key.
 */
export function KeyShownModal({ device, onClose }: { device: SensorDeviceWithKey; onClose: () => void }) {
  const { t } = useLingui();
  const name = device.name;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Copy the device key now`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          <Trans>This is the only time the key is shown. Brigade keeps only a digest of it.</Trans>
        </Alert>
        <TextInput label={t`Key for ${name}`} value={device.key} readOnly onFocus={(e) => e.currentTarget.select()} />
        <TextInput label={t`Device id`} value={device.id} readOnly onFocus={(e) => e.currentTarget.select()} />
        <TextInput
          label={t`Send readings to`}
          value={device.endpoint}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Stack gap={4}>
          <Text size="sm">
            <Trans>
              Each request carries the device id in <Code>{SENSOR_HEADERS.device}</Code>, the time in Unix seconds in{' '}
              <Code>{SENSOR_HEADERS.timestamp}</Code>, and in <Code>{SENSOR_HEADERS.signature}</Code> the hex
              HMAC-SHA256 of the timestamp, a dot and the body, keyed with the SHA-256 of this key.
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>
              The recipe with a worked example is in the section "Temperature sensors" of Brigade's README; the request
              itself is described in the{' '}
              <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
                API documentation
              </Anchor>
              .
            </Trans>
          </Text>
        </Stack>
        <Group justify="flex-end">
          <CopyButton value={device.key}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t`Copied` : t`Copy key`}
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
