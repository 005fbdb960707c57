import type { SensorDevice, SensorDeviceWithKey } from '@brigade/core/schemas/sensors';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconPlus, IconTemperature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { temperatureText } from '../../lib/temperature';
import { useSensorDevices } from './api/get-sensor-devices';
import { useIssueSensorKey } from './api/issue-sensor-key';
import { useRemoveSensorDevice } from './api/remove-sensor-device';
import { DeviceFormModal } from './device-form-modal';
import { KeyShownModal } from './key-shown-modal';
import { groupByRestaurant, kindLabels, limitsText, restaurantTime } from './sensor-format';
import { SensorStateBadge } from './sensor-state-badge';

type Editing = { device: SensorDevice | null } | null;

/**
 * /sensors (issue 37, hq): the chain's temperature sensors per restaurant with their live
 * state; register one (its key shown once), change its limits, give it a new key, remove it.
 */
export function SensorsPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const devices = useSensorDevices();
  const [editing, setEditing] = useState<Editing>(null);
  const [shownKey, setShownKey] = useState<SensorDeviceWithKey | null>(null);

  return (
    <Stack>
      <PageHeader
        title={text('Sensors')}
        subtitle={t`Temperature probes in fridges, freezers and hot-holding units; a reading out of range for longer than the delay opens a corrective action.`}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ device: null })}>
            <Trans>Register a device</Trans>
          </Button>
        }
      />
      {devices.isPending ? (
        <Skeleton height={160} role="status" aria-busy="true" aria-label={t`Loading sensors`} />
      ) : devices.isError ? (
        <LoadError
          message={t`Failed to load the sensors`}
          onRetry={() => void devices.refetch()}
          retrying={devices.isFetching}
        />
      ) : devices.data.items.length === 0 ? (
        <EmptyList
          title={t`No sensors yet`}
          description={t`Register a device for a restaurant's fridge, freezer or hot-holding unit, then give its key to the device (or its gateway) to start sending readings.`}
          icon={<IconTemperature aria-hidden />}
        />
      ) : (
        groupByRestaurant(devices.data.items).map((group) => {
          const restaurantName = group.restaurant.name;
          return (
            <Stack component="section" gap="sm" key={group.restaurant.id} aria-label={restaurantName}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h3">
                  {restaurantName}
                </Title>
                <Anchor component={Link} to={`/sensors/${group.restaurant.id}`} size="sm" fw={600}>
                  <Trans>Charts and excursions of {restaurantName}</Trans>
                </Anchor>
              </Group>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {group.devices.map((device) => (
                  <DeviceCard
                    key={device.id}
                    device={device}
                    onEdit={() => setEditing({ device })}
                    onNewKey={setShownKey}
                  />
                ))}
              </Stack>
            </Stack>
          );
        })
      )}
      {editing && (
        <DeviceFormModal
          device={editing.device}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setShownKey(created);
          }}
        />
      )}
      {shownKey && <KeyShownModal device={shownKey} onClose={() => setShownKey(null)} />}
    </Stack>
  );
}

function DeviceCard({
  device,
  onEdit,
  onNewKey,
}: {
  device: SensorDevice;
  onEdit: () => void;
  onNewKey: (device: SensorDeviceWithKey) => void;
}) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const name = device.name;
  const failed = (fallback: string) => (error: Error) =>
    toasts.show({ color: 'red', message: isApiError(error) ? text(error.message) : fallback });
  const remove = useRemoveSensorDevice({
    onSuccess: () => toasts.show({ color: 'green', message: t`"${name}" removed` }),
    onError: failed(t`Failed to remove the device`),
  });
  const newKey = useIssueSensorKey({ onSuccess: onNewKey, onError: failed(t`Failed to issue a new key`) });
  const askNewKey = () =>
    confirmDelete({
      title: t`New key`,
      message: t`Give "${name}" a new key? The old key stops working at once: the device is refused until it signs with the new one.`,
      confirmLabel: t`Issue new key`,
      onConfirm: () => newKey.mutate(device.id),
    });
  const askRemove = () =>
    confirmDelete({
      title: t`Remove device`,
      message: t`Remove "${name}"? Its key stops working and it leaves the lists; its readings and excursions stay in the food-safety log.`,
      confirmLabel: t`Remove`,
      onConfirm: () => remove.mutate(device.id),
    });
  const limits = limitsText(device.lowC, device.highC);
  const delay = device.delayMinutes;
  const recovery = device.recoveryMinutes;
  const issued = formatDateTime(device.keyIssuedAt);
  const last = device.lastReading;
  const lastValue = last ? temperatureText(last.value) : '';
  const lastAt = last ? restaurantTime(last.at, device.restaurant.timeZone) : '';

  return (
    <Paper component="li" withBorder p="md" radius="sm" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <SensorStateBadge state={device.state} />
          </Group>
          <Text size="sm">
            {i18n._(kindLabels[device.kind])} · <Trans>Limits {limits}</Trans> ·{' '}
            <Trans>
              Delay {delay} min, recovery {recovery} min
            </Trans>
          </Text>
          {/* Without a reading yet the state badge says so. */}
          {last && (
            <Text size="sm">
              <Trans>
                Last reading {lastValue} at {lastAt}
              </Trans>
            </Text>
          )}
          <Text size="sm" c="gray.7">
            <Trans>Key issued {issued}</Trans>
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={onEdit} aria-label={t`Edit limits of ${name}`}>
            <Trans>Edit limits</Trans>
          </Button>
          <Button variant="default" onClick={askNewKey} loading={newKey.isPending} aria-label={t`New key for ${name}`}>
            <Trans>New key</Trans>
          </Button>
          <Button
            color="red"
            variant="outline"
            onClick={askRemove}
            loading={remove.isPending}
            aria-label={t`Remove ${name}`}
          >
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
