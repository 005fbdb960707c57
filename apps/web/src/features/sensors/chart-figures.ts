import type { SensorHour, SensorLastReading, SensorSeries } from '@brigade/core/schemas/sensors';
import { dateFormat } from '../../lib/locale-format';

/** One row of a chart's table: a period (an hour of the 24 h, a day of the 7) and its readings' figures. */
export interface FiguresRow {
  key: string;
  label: string;
  min: number;
  max: number;
  avg: number;
  count: number;
}

interface Bucket {
  key: string;
  label: string;
  min: number;
  max: number;
  sum: number;
  count: number;
}

function add(
  buckets: Map<string, Bucket>,
  key: string,
  label: string,
  min: number,
  max: number,
  sum: number,
  count: number,
) {
  const bucket = buckets.get(key);
  if (!bucket) {
    buckets.set(key, { key, label, min, max, sum, count });
    return;
  }
  bucket.min = Math.min(bucket.min, min);
  bucket.max = Math.max(bucket.max, max);
  bucket.sum += sum;
  bucket.count += count;
}

const round = (value: number) => Math.round(value * 10) / 10;

function rowsOf(buckets: Map<string, Bucket>): FiguresRow[] {
  return [...buckets.values()].map((bucket) => ({
    key: bucket.key,
    label: bucket.label,
    min: bucket.min,
    max: bucket.max,
    avg: round(bucket.sum / bucket.count),
    count: bucket.count,
  }));
}

/**
 * The chart's table, its text alternative: the 24 h by hour, the 7 days by day, in the
 * restaurant's time zone, oldest first. (A table of every reading would be 1,440 rows.)
 */
export function figuresRows(series: SensorSeries, timeZone: string): FiguresRow[] {
  const buckets = new Map<string, Bucket>();
  if (series.range === '24h') {
    const hour = dateFormat({
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    const hourKey = dateFormat({
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    for (const reading of series.readings) {
      const at = new Date(reading.at);
      const start = new Date(at);
      start.setUTCMinutes(0, 0, 0);
      add(buckets, hourKey.format(at), hour.format(start), reading.value, reading.value, reading.value, 1);
    }
    return rowsOf(buckets);
  }
  const day = dateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone });
  for (const each of series.hours) {
    const label = day.format(new Date(each.hour));
    add(buckets, label, label, each.min, each.max, each.avg * each.count, each.count);
  }
  return rowsOf(buckets);
}

/** The lowest and highest value of a series (readings, or the hours' min and max); null when empty. */
export function extremes(series: SensorSeries): { min: number; max: number } | null {
  const values: number[] =
    series.range === '24h'
      ? series.readings.map((reading: SensorLastReading) => reading.value)
      : series.hours.flatMap((hour: SensorHour) => [hour.min, hour.max]);
  if (values.length === 0) return null;
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** The value axis: the readings and both limits, with a degree to spare, so the limit lines are always drawn. */
export function valueDomain(series: SensorSeries): [number, number] {
  const seen = extremes(series);
  const low = Math.min(series.device.lowC, seen?.min ?? series.device.lowC);
  const high = Math.max(series.device.highC, seen?.max ?? series.device.highC);
  return [Math.floor(low - 1), Math.ceil(high + 1)];
}

/** How many readings the series holds: the 24 h's, or the sum of the hours' counts. */
export function readingCount(series: SensorSeries): number {
  return series.range === '24h' ? series.readings.length : series.hours.reduce((total, hour) => total + hour.count, 0);
}
