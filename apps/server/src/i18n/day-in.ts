const days = new Map<string, Intl.DateTimeFormat>();
const times = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    cache.set(locale, format);
  }
  return format;
}

/**
 * A day (a Date, or YYYY-MM-DD) as the locale writes it, in UTC as the server keeps days:
 * "21 Nov 2026" in en-GB, "21 nov 2026" in Dutch.
 */
export function dayIn(locale: string, day: Date | string): string {
  const date = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  if (Number.isNaN(date.getTime())) return String(day);
  return cached(days, locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** The hour and minute of a moment (UTC) as the locale writes them. */
export function timeIn(locale: string, moment: Date): string {
  return cached(times, locale, { hour: '2-digit', minute: '2-digit' }).format(moment);
}
