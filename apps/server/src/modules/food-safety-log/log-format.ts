import type { ChecklistValue } from '@brigade/core/checklist-items';
import type { Language } from '@brigade/core/languages';
import type { FoodSafetyLogEntry, FoodSafetyLogPeriod } from '@brigade/core/schemas/food-safety-log';
import { fileNameSlug } from '../../http/pdf-fonts';
import { serverTexts } from '../../i18n/server-texts';

const numbers = new Map<string, Intl.NumberFormat>();
const clocks = new Map<string, Intl.DateTimeFormat>();
const longDays = new Map<string, Intl.DateTimeFormat>();

function made<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/**
 * A value as a person reads it in `language`: a tick ✓, yes and no in words, a number in
 * the language's way with its unit ("4,5 °C" in Dutch), a photo item as "Photo added",
 * text and choices as they are; nothing as a dash.
 */
export function valueText(
  entry: Pick<FoodSafetyLogEntry, 'kind' | 'unit'>,
  value: ChecklistValue,
  language: Language,
): string {
  const texts = serverTexts(language);
  if (value === null || value === '') return '—';
  if (typeof value === 'number') {
    const format = made(
      numbers,
      texts.locale,
      () => new Intl.NumberFormat(texts.locale, { maximumFractionDigits: 2, useGrouping: false }),
    );
    return entry.unit ? `${format.format(value)} ${entry.unit}` : format.format(value);
  }
  if (entry.kind === 'photo') return texts.foodSafetyLog.photo;
  if (entry.kind === 'tick') return '✓';
  if (typeof value === 'boolean') return value ? texts.csvCells.yes : texts.csvCells.no;
  if (entry.kind === 'yesNo') return value === 'yes' ? texts.csvCells.yes : texts.csvCells.no;
  return value;
}

/** The hour and minute of a moment in a zone ("08:12"). */
export function clockIn(locale: string, moment: string | Date, timeZone: string): string {
  const format = made(
    clocks,
    `${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }),
  );
  return format.format(typeof moment === 'string' ? new Date(moment) : moment);
}

/** A calendar day with its weekday, "Thursday 5 March 2026". */
export function longDayIn(locale: string, day: string): string {
  const format = made(
    longDays,
    locale,
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** A calendar month, "March 2026". */
export function monthIn(locale: string, day: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * A moment as ISO 8601 in the restaurant's zone with its offset, to the second
 * ("2026-03-05T08:12:33+01:00"): the CSV's times read as the restaurant's clock showed them.
 */
export function isoInZone(moment: string | Date, timeZone: string): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  const parts = Object.fromEntries(
    made(
      clocks,
      `iso ${timeZone}`,
      () =>
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          timeZoneName: 'longOffset',
        }),
    )
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** `food-safety-log-brigade-utrecht-2026-03.pdf`: letters, digits and dashes only. */
export function logFileName(
  head: { restaurant: { name: string }; range: { period: FoodSafetyLogPeriod; start: string } },
  extension: 'pdf' | 'csv',
): string {
  const slug = fileNameSlug(head.restaurant.name);
  const { period, start } = head.range;
  const when = period === 'month' ? start.slice(0, 7) : period === 'week' ? `week-${start}` : start;
  return `food-safety-log-${slug || 'restaurant'}-${when}.${extension}`;
}
