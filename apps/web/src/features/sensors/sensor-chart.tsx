import type { SensorChartRange, SensorDevice, SensorSeries } from '@brigade/core/schemas/sensors';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { ChartPanel } from '../../components/charts/chart-panel';
import { LineChart } from '../../components/charts/lazy-charts';
import { DataTable } from '../../components/data-list/data-table';
import { temperatureText } from '../../lib/temperature';
import { useSensorSeries } from './api/get-sensor-series';
import { figuresRows, readingCount, valueDomain } from './chart-figures';
import { summaryOf } from './chart-summary';
import { axisTime, limitsText, restaurantTime } from './sensor-format';
import { SensorStateBadge } from './sensor-state-badge';

const HEIGHT = 240;
const rangeLabels = { '24h': msg`24 hours`, '7d': msg`7 days` } as const;

/**
 * One device on its restaurant's screen: its current value and state, and its readings of
 * the last 24 hours (every reading) or 7 days (hourly lowest, average and highest) with
 * both limits drawn. The table beside the chart is its text alternative.
 */
export function SensorChart({ device, timeZone }: { device: SensorDevice; timeZone: string }) {
  const { t, i18n } = useLingui();
  const [range, setRange] = useState<SensorChartRange>('24h');
  const series = useSensorSeries(device.id, range);
  const data = series.data?.range === range ? series.data : undefined;
  const name = device.name;
  const limits = limitsText(device.lowC, device.highC);
  const last = device.lastReading;
  const now = last ? temperatureText(last.value) : null;
  const at = last ? restaurantTime(last.at, timeZone) : '';

  return (
    <ChartPanel
      title={name}
      description={t`Limits ${limits}`}
      summary={data ? summaryOf(data, timeZone) : ''}
      height={HEIGHT}
      loading={data === undefined && !series.isError}
      error={
        series.isError && data === undefined
          ? {
              message: t`Failed to load the readings`,
              onRetry: () => void series.refetch(),
              retrying: series.isFetching,
            }
          : undefined
      }
      empty={{
        when: data !== undefined && readingCount(data) === 0,
        title: range === '24h' ? t`No readings in the last 24 hours` : t`No readings in the last 7 days`,
        description: t`The chart fills in as the device sends readings.`,
      }}
      controls={
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <SensorStateBadge state={device.state} />
            <Text size="sm" fw={600}>
              {/* Without a reading the state badge says "No readings yet". */}
              {now && t`Now ${now} (${at})`}
            </Text>
          </Group>
          <SegmentedControl
            size="xs"
            aria-label={t`Period of ${name}`}
            value={range}
            onChange={(value) => setRange(value as SensorChartRange)}
            data={[
              { value: '24h', label: i18n._(rangeLabels['24h']) },
              { value: '7d', label: i18n._(rangeLabels['7d']) },
            ]}
          />
        </Group>
      }
      chart={data && <SeriesChart series={data} timeZone={timeZone} />}
      table={data && <FiguresTable series={data} timeZone={timeZone} name={name} />}
    />
  );
}

/** A series drawn with both limits; `withDay` puts the day in the 24 h axis (an excursion may cross midnight). */
export function SeriesChart({
  series,
  timeZone,
  withDay = false,
}: {
  series: SensorSeries;
  timeZone: string;
  withDay?: boolean;
}) {
  const { t } = useLingui();
  const low = temperatureText(series.device.lowC);
  const high = temperatureText(series.device.highC);
  const limitLines = [
    { y: series.device.highC, label: t`High ${high}`, color: 'red.8', labelPosition: 'insideTopLeft' as const },
    { y: series.device.lowC, label: t`Low ${low}`, color: 'blue.8', labelPosition: 'insideBottomLeft' as const },
  ];
  const common = {
    h: HEIGHT,
    dataKey: 'time',
    curveType: 'linear' as const,
    withDots: false,
    yAxisProps: { domain: valueDomain(series), width: 48 },
    valueFormatter: temperatureText,
    referenceLines: limitLines,
    accessibilityLayer: false,
  };
  if (series.range === '24h') {
    return (
      <LineChart
        {...common}
        data={series.readings.map((reading) => ({
          time: axisTime(reading.at, timeZone, withDay),
          value: reading.value,
        }))}
        series={[{ name: 'value', label: t`Temperature`, color: 'indigo.7' }]}
      />
    );
  }
  return (
    <LineChart
      {...common}
      // A week of a new device is a few hours: dots keep a lone hour visible.
      withDots={series.hours.length < 24}
      withLegend
      data={series.hours.map((hour) => ({
        time: axisTime(hour.hour, timeZone, true),
        max: hour.max,
        avg: hour.avg,
        min: hour.min,
      }))}
      series={[
        { name: 'max', label: t`Highest`, color: 'orange.8', strokeDasharray: '4 4' },
        { name: 'avg', label: t`Average`, color: 'indigo.7' },
        { name: 'min', label: t`Lowest`, color: 'teal.8', strokeDasharray: '4 4' },
      ]}
    />
  );
}

/** The chart's table: by hour (24 h) or by day (7 days); `label` names it when the default does not fit. */
export function FiguresTable({
  series,
  timeZone,
  name,
  label: given,
}: {
  series: SensorSeries;
  timeZone: string;
  name: string;
  label?: string;
}) {
  const { t } = useLingui();
  const label = given ?? (series.range === '24h' ? t`${name}, last 24 hours by hour` : t`${name}, last 7 days by day`);
  return (
    <DataTable
      rows={figuresRows(series, timeZone)}
      columns={[
        { header: series.range === '24h' ? t`Hour` : t`Day`, cell: (row) => row.label, noWrap: true, rowHeader: true },
        { header: t`Lowest`, cell: (row) => temperatureText(row.min), align: 'right' },
        { header: t`Average`, cell: (row) => temperatureText(row.avg), align: 'right' },
        { header: t`Highest`, cell: (row) => temperatureText(row.max), align: 'right' },
        { header: t`Readings`, cell: (row) => row.count, align: 'right' },
      ]}
      rowKey={(row) => row.key}
      label={label}
      scroll={{ minWidth: 420, label }}
      tableProps={{ striped: true, verticalSpacing: 4 }}
    />
  );
}
