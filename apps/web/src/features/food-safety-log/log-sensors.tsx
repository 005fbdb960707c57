import type { SensorLogDevice, SensorLogExcursion } from '@brigade/core/schemas/sensors';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-list/data-table';
import { formatDate } from '../../lib/format-date';
import { temperatureText } from '../../lib/temperature';
import classes from './food-safety-log.module.css';
import { restaurantMoment } from './log-format';

/**
 * The restaurant's temperature sensors beside the manual checks (issue 37): per device,
 * each day's lowest, average and highest reading, the hours with a reading out of range,
 * and the excursions that started in the period with their corrective actions.
 */
export function LogSensors({ devices, timeZone }: { devices: readonly SensorLogDevice[]; timeZone: string }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="log-sensors" className={classes.day}>
      <Title order={2} fz="h3" id="log-sensors" className={classes.dayTitle}>
        <Trans>Temperature sensors</Trans>
      </Title>
      <Stack gap="sm" mt="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Sensors`}>
        {devices.map((device) => (
          <LogSensor key={device.id} device={device} timeZone={timeZone} />
        ))}
      </Stack>
    </section>
  );
}

function LogSensor({ device, timeZone }: { device: SensorLogDevice; timeZone: string }) {
  const { t } = useLingui();
  const name = device.name;
  const low = temperatureText(device.lowC);
  const high = temperatureText(device.highC);
  const label = t`Readings of ${name}`;
  return (
    <Paper component="li" withBorder p="md" className={classes.record} aria-label={name}>
      <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
      <Text size="sm" c="gray.7" mt={2}>
        <Trans>
          Sensor, limits {low} to {high}
        </Trans>
      </Text>
      {device.days.length === 0 ? (
        <Text size="sm" c="gray.7" mt="xs">
          <Trans>No readings in this period.</Trans>
        </Text>
      ) : (
        <DataTable
          rows={device.days}
          columns={[
            { header: t`Day`, cell: (day) => formatDate(day.day), noWrap: true, rowHeader: true },
            { header: t`Lowest`, cell: (day) => temperatureText(day.min), align: 'right', noWrap: true },
            { header: t`Average`, cell: (day) => temperatureText(day.avg), align: 'right', noWrap: true },
            { header: t`Highest`, cell: (day) => temperatureText(day.max), align: 'right', noWrap: true },
            { header: t`Readings`, cell: (day) => day.count, align: 'right' },
            {
              header: t`Hours out of range`,
              align: 'right',
              cell: (day) => (
                <Text
                  span
                  inherit
                  fw={day.hoursOutOfRange > 0 ? 700 : undefined}
                  c={day.hoursOutOfRange > 0 ? 'red.9' : undefined}
                >
                  {day.hoursOutOfRange}
                </Text>
              ),
            },
          ]}
          rowKey={(day) => day.day}
          label={label}
          scroll={{ minWidth: 520, label }}
          tableProps={{ verticalSpacing: 4 }}
        />
      )}
      {device.excursions.length > 0 && (
        <ul className={classes.entries} aria-label={t`Excursions of ${name}`}>
          {device.excursions.map((excursion) => (
            <LogExcursion key={excursion.id} excursion={excursion} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </Paper>
  );
}

function LogExcursion({ excursion, timeZone }: { excursion: SensorLogExcursion; timeZone: string }) {
  const limit = temperatureText(excursion.limitC);
  const peak = temperatureText(excursion.peakC);
  const from = restaurantMoment(excursion.startedAt, timeZone);
  const to = excursion.endedAt ? restaurantMoment(excursion.endedAt, timeZone) : '';
  return (
    <li className={classes.entry} data-failed>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" fw={700} c="red.9">
          {excursion.direction === 'high' ? (
            excursion.endedAt ? (
              <Trans>
                Above {limit} from {from} to {to}, peak {peak}
              </Trans>
            ) : (
              <Trans>
                Above {limit} since {from}, peak {peak} (live)
              </Trans>
            )
          ) : excursion.endedAt ? (
            <Trans>
              Below {limit} from {from} to {to}, lowest {peak}
            </Trans>
          ) : (
            <Trans>
              Below {limit} since {from}, lowest {peak} (live)
            </Trans>
          )}
        </Text>
        <Anchor component={Link} to={`/sensors/excursions/${excursion.id}`} size="sm" fw={600}>
          <Trans>Readings</Trans>
        </Anchor>
        {excursion.action && (
          <Anchor component={Link} to={`/actions/${excursion.action.id}`} size="sm" fw={600}>
            {excursion.action.status === 'open' ? (
              <Trans>Corrective action (open)</Trans>
            ) : (
              <Trans>Corrective action (resolved)</Trans>
            )}
          </Anchor>
        )}
      </Group>
    </li>
  );
}
