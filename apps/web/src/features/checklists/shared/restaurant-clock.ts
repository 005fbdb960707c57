import { formatTimeIn } from '@brigade/core/date-format';
import { localDay } from '@brigade/core/restaurant-time';
import { currentLocale } from '../../../lib/i18n';
import { dateFormat } from '../../../lib/locale-format';

/**
 * Times of a checklist as the restaurant's clock shows them (issue 33): its windows,
 * entries and submissions are in its own zone, wherever the reader is.
 */
export function clockIn(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);
}

/** "08:12" on the record's own day, else the day too ("29 Nov 2026, 00:40"). */
export function momentIn(iso: string, timeZone: string, day: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return localDay(date, timeZone) === day ? clockIn(iso, timeZone) : formatTimeIn(currentLocale(), date, timeZone);
}
