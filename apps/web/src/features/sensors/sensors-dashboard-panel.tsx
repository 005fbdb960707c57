import type { SensorDevice } from '@brigade/core/schemas/sensors';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useSensorDevices } from './api/get-sensor-devices';
import { useSensorExcursions } from './api/get-sensor-excursions';
import { SensorAlerts } from './sensor-alerts';
import { groupByRestaurant } from './sensor-format';

/**
 * The manager dashboard's sensor panel (issue 37), composed into it by the route table:
 * live excursions and offline sensors of all the manager's restaurants, and per
 * restaurant how its devices stand with a link to its charts. Nothing when no restaurant
 * of theirs has a sensor.
 */
export function SensorsDashboardPanel() {
  const { t } = useLingui();
  const headingId = useId();
  const devices = useSensorDevices();
  const live = useSensorExcursions({ state: 'live' });
  if (devices.isPending) return null;
  if (devices.isError) {
    return (
      <LoadError
        message={t`The temperature sensors could not be loaded.`}
        onRetry={() => void devices.refetch()}
        retrying={devices.isFetching}
      />
    );
  }
  if (devices.data.items.length === 0) return null;
  const offline = devices.data.items.filter((device) => device.state === 'offline');
  // Each excursion's times by its restaurant's clock: the devices know the zones.
  const zones = new Map(devices.data.items.map((device) => [device.restaurant.id, device.restaurant.timeZone]));
  const excursions = (live.data?.items ?? []).map((excursion) => ({
    ...excursion,
    restaurant: {
      ...excursion.restaurant,
      timeZone: excursion.restaurant.timeZone ?? zones.get(excursion.restaurant.id),
    },
  }));
  return (
    <Stack gap="sm">
      {live.isError && (
        <LoadError
          message={t`The live excursions could not be loaded.`}
          onRetry={() => void live.refetch()}
          retrying={live.isFetching}
        />
      )}
      <SensorAlerts excursions={excursions} offline={offline} withRestaurant />
      <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
        <Title order={2} size="h4" id={headingId} mb="xs">
          <Trans>Temperature sensors</Trans>
        </Title>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {groupByRestaurant(devices.data.items).map((group) => (
            <RestaurantLine key={group.restaurant.id} restaurant={group.restaurant} devices={group.devices} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function RestaurantLine({ restaurant, devices }: { restaurant: SensorDevice['restaurant']; devices: SensorDevice[] }) {
  const { t } = useLingui();
  const count = (state: SensorDevice['state']) => devices.filter((device) => device.state === state).length;
  const parts = [
    t({ message: plural(count('ok'), { one: '# in range', other: '# in range' }) }),
    count('excursion') > 0 && t({ message: plural(count('excursion'), { one: '# excursion', other: '# excursions' }) }),
    count('offline') > 0 && t({ message: plural(count('offline'), { one: '# offline', other: '# offline' }) }),
    count('waiting') > 0 &&
      t({ message: plural(count('waiting'), { one: '# without readings yet', other: '# without readings yet' }) }),
  ].filter(Boolean);
  const name = restaurant.name;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm">
        <b>{name}</b>: {parts.join(' · ')}
      </Text>
      <Anchor component={Link} to={`/sensors/${restaurant.id}`} size="sm" fw={600} underline="always">
        <Trans>Charts of {name}</Trans>
      </Anchor>
    </Group>
  );
}
