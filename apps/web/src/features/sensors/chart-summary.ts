import type { SensorSeries } from '@brigade/core/schemas/sensors';
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { temperatureText } from '../../lib/temperature';
import { extremes, readingCount } from './chart-figures';
import { directionLabels, limitsText, restaurantTime } from './sensor-format';

/**
 * A device's chart in a sentence, what a screen reader reads instead of the drawing:
 * "Walk-in fridge, last 24 hours: 1440 readings between 2.1 °C and 9.4 °C; limits 0 °C –
 * 5 °C. Excursions: above 5 °C from 14:05 to 14:40."
 */
export function summaryOf(series: SensorSeries, timeZone: string, now: Date = new Date()): string {
  const name = series.device.name;
  const limits = limitsText(series.device.lowC, series.device.highC);
  const when = series.range === '24h' ? t`last 24 hours` : t`last 7 days`;
  const seen = extremes(series);
  if (!seen) return t`${name}, ${when}: no readings; limits ${limits}.`;
  const count = readingCount(series);
  const lowest = temperatureText(seen.min);
  const highest = temperatureText(seen.max);
  const readings = t({ message: plural(count, { one: '# reading', other: '# readings' }) });
  const figures = t`${name}, ${when}: ${readings} between ${lowest} and ${highest}; limits ${limits}.`;
  const excursions = series.excursions.map((excursion) => {
    const direction = i18n._(directionLabels[excursion.direction]);
    const limit = temperatureText(excursion.direction === 'high' ? series.device.highC : series.device.lowC);
    const from = restaurantTime(excursion.startedAt, timeZone, now);
    if (excursion.endedAt === null) return t`${direction} ${limit} since ${from}, still live`;
    const to = restaurantTime(excursion.endedAt, timeZone, now);
    return t`${direction} ${limit} from ${from} to ${to}`;
  });
  if (excursions.length === 0) return `${figures} ${t`No excursions.`}`;
  const list = excursions.join('; ');
  return `${figures} ${t`Excursions: ${list}.`}`;
}
