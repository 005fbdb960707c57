import { currentLocale } from './i18n';

/**
 * Intl formatters in the active language's locale (issue 22), made once per locale and
 * options: "21 Nov 2026" in English, "21 nov 2026" in Dutch, "21 nov. 2026" in French.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "5 minutes ago", "gisteren", "il y a 3 semaines". */
export function relativeTimeFormat(): Intl.RelativeTimeFormat {
  const locale = currentLocale();
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

const collators = new Map<string, Intl.Collator>();

/** Text compared as the language sorts it, numbers by their value ("Item 2" before "Item 10"). */
export function collator(): Intl.Collator {
  const locale = currentLocale();
  let found = collators.get(locale);
  if (!found) {
    found = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, found);
  }
  return found;
}

/** A day (`YYYY-MM-DD`) read as midnight UTC, so it is the same day in every time zone. */
export function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const WEEK = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const;

/** A week by its Monday ('2026-11-16' → "16 Nov"): the server's weeks are ISO weeks in UTC. */
export function weekLabel(weekStart: string): string {
  return dateFormat(WEEK).format(utcDay(weekStart));
}
