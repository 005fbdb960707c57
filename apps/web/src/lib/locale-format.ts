import { currentLocale } from './i18n';

/**
 * Intl formatters in the active language's locale (issue 22), made once per locale and
 * options: "21 Nov 2026" in English, "21 nov 2026" in Dutch, "21 nov. 2026" in French.
 */
const made = new Map<string, unknown>();

function forLocale<T>(key: string, make: (locale: string) => T): T {
  const locale = currentLocale();
  const full = `${locale} ${key}`;
  if (!made.has(full)) made.set(full, make(locale));
  return made.get(full) as T;
}

export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return forLocale(`date ${JSON.stringify(options)}`, (locale) => new Intl.DateTimeFormat(locale, options));
}

/** "5 minutes ago", "gisteren", "il y a 3 semaines". */
export function relativeTimeFormat(): Intl.RelativeTimeFormat {
  return forLocale('relative', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
}

/** Text compared as the language sorts it, numbers by their value ("Item 2" before "Item 10"). */
export function collator(): Intl.Collator {
  return forLocale('collator', (locale) => new Intl.Collator(locale, { sensitivity: 'base', numeric: true }));
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
