import type { SensorExcursionDetail, SensorSeries } from '@brigade/core/schemas/sensors';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ChartPanel } from '../../components/charts/chart-panel';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { temperatureText } from '../../lib/temperature';
import { useSensorExcursion } from './api/get-sensor-excursion';
import { extremes } from './chart-figures';
import { FiguresTable, SeriesChart } from './sensor-chart';
import { directionLabels, restaurantTime } from './sensor-format';

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Temperature Excursion';
const HEIGHT = 260;

/** The restaurant's zone when the answer gives it, else the reader's own. */
const zoneOf = (excursion: SensorExcursionDetail) =>
  excursion.restaurant.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The excursion's readings as a chart's series, so it is drawn and tabled as a device's 24 hours are. */
function curveOf(excursion: SensorExcursionDetail): SensorSeries {
  return {
    range: '24h',
    device: { ...excursion.device, lowC: excursion.lowC, highC: excursion.highC },
    from: excursion.startedAt,
    to: excursion.endedAt ?? new Date().toISOString(),
    excursions: [],
    readings: excursion.readings,
  };
}

/**
 * /sensors/excursions/:id (issue 37, hq and the restaurant's managers): one excursion —
 * which limit, since when, its peak, whether it is still live, its corrective action — and
 * its curve of readings with the limits drawn.
 */
export function ExcursionPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const excursion = useSensorExcursion(id);
  const header = (subtitle?: string) => <PageHeader title={text(PAGE_TITLE)} subtitle={subtitle} />;

  if (excursion.isPending) {
    return (
      <>
        {header()}
        <Stack role="status" aria-busy="true" aria-label={t`Loading the excursion`}>
          <Skeleton height={96} />
          <Skeleton height={HEIGHT} />
        </Stack>
      </>
    );
  }
  if (excursion.isError) {
    return (
      <>
        {header()}
        {isApiError(excursion.error) && [403, 404].includes(excursion.error.status) ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {text(excursion.error.message)}
          </Alert>
        ) : (
          <LoadError
            message={t`Failed to load the excursion`}
            onRetry={() => void excursion.refetch()}
            retrying={excursion.isFetching}
          />
        )}
      </>
    );
  }
  const data = excursion.data;
  const device = data.device.name;
  const restaurant = data.restaurant.name;
  return (
    <Stack gap="md">
      {header(`${device} · ${restaurant}`)}
      <ExcursionFacts excursion={data} />
      <ExcursionCurve excursion={data} />
    </Stack>
  );
}

function ExcursionFacts({ excursion }: { excursion: SensorExcursionDetail }) {
  const { t, i18n } = useLingui();
  const direction = i18n._(directionLabels[excursion.direction]);
  const limit = temperatureText(excursion.limitC);
  const peak = temperatureText(excursion.peakC);
  const zone = excursion.restaurant.timeZone;
  const when = (iso: string) => (zone ? restaurantTime(iso, zone) : formatDateTime(iso));
  const started = when(excursion.startedAt);
  const detected = when(excursion.detectedAt);
  const ended = excursion.endedAt ? when(excursion.endedAt) : null;
  const delay = excursion.delayMinutes;
  const recovery = excursion.recoveryMinutes;
  const facts = [
    { label: t`Out of range`, value: t`${direction} ${limit}` },
    { label: excursion.direction === 'high' ? t`Peak` : t`Lowest`, value: peak },
    { label: t`Since`, value: started },
    { label: t`Raised`, value: t`${detected} (after the delay of ${delay} min)` },
    { label: t`Ended`, value: ended ?? t`Still live: back in range for ${recovery} min ends it` },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <Text component="dt" size="sm" c="gray.7">
              {fact.label}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {fact.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group gap="md" mt="sm" wrap="wrap">
        {excursion.action && (
          <Anchor component={Link} to={`/actions/${excursion.action.id}`} fw={600} underline="always">
            {excursion.action.status === 'open' ? (
              <Trans>Corrective action (open)</Trans>
            ) : (
              <Trans>Corrective action (resolved)</Trans>
            )}
          </Anchor>
        )}
        <Anchor component={Link} to={`/sensors/${excursion.restaurant.id}`} fw={600} underline="always">
          <Trans>All sensors of {excursion.restaurant.name}</Trans>
        </Anchor>
      </Group>
    </Paper>
  );
}

function ExcursionCurve({ excursion }: { excursion: SensorExcursionDetail }) {
  const { t } = useLingui();
  const zone = zoneOf(excursion);
  const series = curveOf(excursion);
  const name = excursion.device.name;
  const seen = extremes(series);
  const count = excursion.readings.length;
  const lowest = seen ? temperatureText(seen.min) : '';
  const highest = seen ? temperatureText(seen.max) : '';
  return (
    <ChartPanel
      title={t`Readings during the excursion`}
      summary={t`${name}: ${count} readings between ${lowest} and ${highest} during the excursion.`}
      height={HEIGHT}
      loading={false}
      empty={{ when: count === 0, title: t`No readings yet` }}
      chart={<SeriesChart series={series} timeZone={zone} withDay />}
      table={
        <FiguresTable series={series} timeZone={zone} name={name} label={t`${name} during the excursion, by hour`} />
      }
    />
  );
}
