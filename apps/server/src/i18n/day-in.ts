import { formatDayIn } from '@brigade/core/date-format';

const times = new Map<string, Intl.DateTimeFormat>();

/**
 * A day (a Date, or YYYY-MM-DD) as the locale writes it, in UTC as the server keeps days:
 * "21 Nov 2026" in en-GB, "21 nov 2026" in Dutch. Core's one day format (date-format.ts),
 * which the web's screens use too.
 */
export const dayIn = formatDayIn;

/** The hour and minute of a moment (UTC) as the locale writes them. */
export function timeIn(locale: string, moment: Date): string {
  let format = times.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    times.set(locale, format);
  }
  return format.format(moment);
}
