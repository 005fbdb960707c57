import type { ChecklistValue } from '@brigade/core/checklist-items';
import { formatTimeIn } from '@brigade/core/date-format';
import { localDay } from '@brigade/core/restaurant-time';
import type { FoodSafetyLogEntry, FoodSafetyLogPeriod } from '@brigade/core/schemas/food-safety-log';
import { useLingui } from '@lingui/react/macro';
import { currentLocale } from '../../lib/i18n';
import { dateFormat } from '../../lib/locale-format';

/** A log's day with its weekday, as the reader's language writes it: "Thursday 5 March 2026". */
export function longDay(day: string): string {
  return dateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The period on screen: the day with its weekday, a week's first and last day, or the month. */
export function usePeriodLabel(): (period: FoodSafetyLogPeriod, start: string, end: string) => string {
  const { t } = useLingui();
  return (period, start, end) => {
    if (period === 'day') return longDay(start);
    if (period === 'month') {
      return dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
    }
    const short = dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const first = short.format(new Date(`${start}T00:00:00Z`));
    const last = short.format(new Date(`${end}T00:00:00Z`));
    return t`${first} to ${last}`;
  };
}

/**
 * A moment by the restaurant's clock: the hour and minute on the record's own day
 * ("08:05"), else its day too ("2 Mar 2026, 01:00").
 */
export function restaurantMoment(iso: string, timeZone: string, day?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (day && localDay(date, timeZone) === day) {
    return dateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);
  }
  return formatTimeIn(currentLocale(), date, timeZone);
}

const readings = new Map<string, Intl.NumberFormat>();

/** A value in words: ✓ for a tick, yes or no, a reading with its unit in the reader's way ("4,5 °C"). */
export function useLogValueText(): (entry: Pick<FoodSafetyLogEntry, 'kind' | 'unit'>, value: ChecklistValue) => string {
  const { t } = useLingui();
  return (entry, value) => {
    if (value === null || value === '') return t`No value`;
    if (typeof value === 'number') {
      const locale = currentLocale();
      let format = readings.get(locale);
      if (!format) {
        format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
        readings.set(locale, format);
      }
      return entry.unit ? `${format.format(value)} ${entry.unit}` : format.format(value);
    }
    if (entry.kind === 'tick') return t({ message: 'Done', context: 'checklist item' });
    if (entry.kind === 'photo') return t`Photo added`;
    if (entry.kind === 'yesNo') return value === 'yes' ? t`Yes` : t`No`;
    return String(value);
  };
}
