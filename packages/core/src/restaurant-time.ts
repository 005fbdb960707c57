/**
 * Restaurant time (issue 33, decision 032). Every restaurant has an IANA time zone, and
 * its days, checklist windows and audit periods are its local calendar. A local time
 * becomes an instant the way PostgreSQL's `timestamp AT TIME ZONE` reads it, so the
 * server's SQL and this module always agree:
 *
 * - a time that does not exist (inside a spring-forward gap, e.g. 02:30 in Amsterdam on
 *   the last Sunday of March) is read with the offset before the change: it falls the
 *   gap's length later (03:30 summer time);
 * - a time that exists twice (fall-back) is read with the offset after the change: the
 *   second one.
 *
 * A window lasts its written length in real minutes from that instant, so the 02:00–03:00
 * window on the spring-forward day still exists once and still lasts 60 minutes
 * (03:00–04:00 summer time).
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** The zone a restaurant gets when none is chosen, unless DEFAULT_TIME_ZONE says otherwise. */
export const FALLBACK_TIME_ZONE = 'Europe/Amsterdam';

let zones: Set<string> | undefined;
/** Every zone this runtime knows (`Intl.supportedValuesOf('timeZone')`), plus UTC. */
export function timeZones(): string[] {
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...zones];
}

export function isTimeZone(value: string): boolean {
  if (!zones) timeZones();
  return (zones as Set<string>).has(value);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, instant: number) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The restaurant's calendar day at an instant, `YYYY-MM-DD`. */
export function localDay(instant: Date | number, timeZone: string): string {
  const p = partsIn(timeZone, typeof instant === 'number' ? instant : instant.getTime());
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes after the restaurant's local midnight at an instant (0–1439). */
export function localMinutes(instant: Date | number, timeZone: string): number {
  const p = partsIn(timeZone, typeof instant === 'number' ? instant : instant.getTime());
  return p.hour * 60 + p.minute;
}

/** The instant a local day and time means in the zone (the rule above). */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, date) + minutes * MINUTE_MS;
  const before = offsetAt(timeZone, naive - DAY_MINUTES * MINUTE_MS);
  const after = offsetAt(timeZone, naive + DAY_MINUTES * MINUTE_MS);
  const readBefore = naive - before;
  const readAfter = naive - after;
  const beforeHolds = offsetAt(timeZone, readBefore) === before;
  const afterHolds = offsetAt(timeZone, readAfter) === after;
  if (beforeHolds && afterHolds) return new Date(before === after ? readBefore : readAfter); // twice: the second
  if (afterHolds) return new Date(readAfter);
  return new Date(readBefore); // once, before the change; or in the gap: read with the offset before it
}

/** A window of a day: opens when its local start means, lasts its written length. */
export function windowOf(day: string, startsAt: number, minutes: number, timeZone: string) {
  const opensAt = zonedInstant(day, startsAt, timeZone);
  return { opensAt, closesAt: new Date(opensAt.getTime() + minutes * MINUTE_MS) };
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** `HH:MM` of minutes after midnight (a window's end past midnight wraps: 1470 → 00:30). */
export function clockTime(minutes: number): string {
  const wrapped = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad(Math.floor(wrapped / 60))}:${pad(wrapped % 60)}`;
}

/** Minutes after midnight of `HH:MM` (00:00–23:59), or null when it is not such a time. */
export function parseClockTime(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** A window's length from its written start and end; an end at or before the start is the next day. */
export function windowLength(startsAt: number, endsAt: number): number {
  return endsAt > startsAt ? endsAt - startsAt : endsAt + DAY_MINUTES - startsAt;
}
