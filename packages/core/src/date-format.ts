/**
 * Brigade writes a date one of two ways, in every language and on every surface (the
 * screens, notifications, emails, the audit report): a day, "5 Dec 2026" / "5 dec 2026" /
 * "5 déc. 2026", and a moment, the day with its hour and minute, "28 Nov 2026, 06:11"
 * (issue 31). The server and the web make their Intl formatters from these options, in
 * the reader's locale (`LANGUAGE_LOCALES`).
 */
export const DAY_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A moment: its day as `DAY_FORMAT` writes it, then hour and minute (no seconds). */
export const TIME_FORMAT: Intl.DateTimeFormatOptions = { ...DAY_FORMAT, hour: '2-digit', minute: '2-digit' };

const made = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale} ${options === DAY_FORMAT ? 'day' : 'time'} ${timeZone ?? ''}`;
  let format = made.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    made.set(key, format);
  }
  return format;
}

/**
 * A calendar day (`YYYY-MM-DD`, the date part of a longer ISO text, or a Date) as `locale`
 * writes it, read in UTC as the server keeps days, so it is the same day everywhere. Text
 * that is not a date comes back as it is.
 */
export function formatDayIn(locale: string, day: Date | string): string {
  const date = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  if (Number.isNaN(date.getTime())) return String(day);
  return formatter(locale, DAY_FORMAT, 'UTC').format(date);
}

/** A moment as `locale` writes it, in `timeZone` (the reader's own when not given). */
export function formatTimeIn(locale: string, moment: Date | string, timeZone?: string): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return String(moment);
  return formatter(locale, TIME_FORMAT, timeZone).format(date);
}
