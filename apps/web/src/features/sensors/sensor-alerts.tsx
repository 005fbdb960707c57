import type { SensorDevice, SensorExcursion } from '@brigade/core/schemas/sensors';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { temperatureText } from '../../lib/temperature';
import { directionLabels, restaurantTime } from './sensor-format';

/** A moment by the restaurant's clock when its zone is known, else where the reader is. */
function moment(iso: string, timeZone: string | undefined): string {
  return timeZone ? restaurantTime(iso, timeZone) : formatDateTime(iso);
}

interface AlertsProps {
  excursions: readonly SensorExcursion[];
  offline: readonly SensorDevice[];
  /** Name each one's restaurant (the dashboard covers all of a manager's). */
  withRestaurant?: boolean;
  /** The restaurant's zone, on its own screen. */
  timeZone?: string;
}

/**
 * Live excursions, each named (device, which limit, since when, peak) with its corrective
 * action, then the sensors that stopped reporting. Nothing when all is well.
 */
export function SensorAlerts({ excursions, offline, withRestaurant = false, timeZone }: AlertsProps) {
  const { t } = useLingui();
  const excursionsId = useId();
  const offlineId = useId();
  if (excursions.length === 0 && offline.length === 0) return null;
  return (
    <Stack gap="sm">
      {excursions.length > 0 && (
        <Paper
          component="section"
          withBorder
          p="md"
          aria-labelledby={excursionsId}
          style={{ borderColor: 'var(--mantine-color-red-8)' }}
        >
          <Group gap="xs" mb="xs" wrap="nowrap">
            <ThemeIcon color="red.8" variant="filled" size="md" aria-hidden>
              <IconAlertTriangle size={18} />
            </ThemeIcon>
            <Title order={2} size="h4" id={excursionsId}>
              <Trans>Live excursions</Trans>
            </Title>
          </Group>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {excursions.map((excursion) => (
              <ExcursionLine
                key={excursion.id}
                excursion={excursion}
                withRestaurant={withRestaurant}
                timeZone={timeZone}
              />
            ))}
          </Stack>
        </Paper>
      )}
      {offline.length > 0 && (
        <Paper component="section" withBorder p="md" aria-labelledby={offlineId}>
          <Group gap="xs" mb="xs" wrap="nowrap">
            <ThemeIcon color="orange.8" variant="filled" size="md" aria-hidden>
              <IconWifiOff size={18} />
            </ThemeIcon>
            <Title order={2} size="h4" id={offlineId}>
              <Trans>Sensor offline</Trans>
            </Title>
          </Group>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Sensors offline`}>
            {offline.map((device) => {
              const name = withRestaurant ? `${device.name} (${device.restaurant.name})` : device.name;
              const since = device.lastReading
                ? moment(device.lastReading.at, timeZone ?? device.restaurant.timeZone)
                : '';
              return (
                <Text component="li" size="sm" key={device.id}>
                  {device.lastReading ? (
                    <Trans>
                      <b>{name}</b>: no reading since {since}
                    </Trans>
                  ) : (
                    <Trans>
                      <b>{name}</b>: no reading for an hour
                    </Trans>
                  )}
                </Text>
              );
            })}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function ExcursionLine({
  excursion,
  withRestaurant,
  timeZone,
}: {
  excursion: SensorExcursion;
  withRestaurant: boolean;
  timeZone?: string;
}) {
  const { i18n } = useLingui();
  const name = withRestaurant ? `${excursion.device.name} (${excursion.restaurant.name})` : excursion.device.name;
  const direction = i18n._(directionLabels[excursion.direction]);
  const limit = temperatureText(excursion.limitC);
  const since = moment(excursion.startedAt, timeZone ?? excursion.restaurant.timeZone);
  const peak = temperatureText(excursion.peakC);
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm">
        <Trans>
          <b>{name}</b>: {direction} {limit} since {since}, peak {peak}
        </Trans>
      </Text>
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={`/sensors/excursions/${excursion.id}`} size="sm" fw={600} underline="always">
          <Trans>Readings of {name}</Trans>
        </Anchor>
        {excursion.action && (
          <Anchor component={Link} to={`/actions/${excursion.action.id}`} size="sm" fw={600} underline="always">
            <Trans>Corrective action for {name}</Trans>
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
