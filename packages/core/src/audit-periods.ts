/**
 * The periods of an audit schedule (issue 19). Dates are calendar days written
 * `YYYY-MM-DD`; a period is [start, end), its end exclusive (the next period's start). A
 * schedule's first period starts on its `startsOn`. Since issue 33 they are each
 * restaurant's local days (restaurant-time.ts): a period starts at the restaurant's local
 * midnight of its start and ends at the local midnight of its end, so restaurants in
 * different zones turn to the next period at their own midnight. The arithmetic here is
 * on plain calendar days (done with UTC dates, which have no daylight-saving changes).
 *
 * - weekly: 7 days; biweekly: 14 days;
 * - monthly: calendar months counted from the start's day, clamped at a month's end
 *   (a schedule starting on 31 January has periods starting 28/29 February, 31 March…);
 * - quarterly: 3 such months.
 */
export const AUDIT_CADENCES = ['weekly', 'biweekly', 'monthly', 'quarterly'] as const;
export type AuditCadence = (typeof AUDIT_CADENCES)[number];

export const CADENCE_LABELS: Record<AuditCadence, string> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

export interface AuditPeriod {
  /** First day of the period. */
  start: string;
  /** The day after its last day (exclusive). */
  end: string;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a date's UTC calendar day (a restaurant's day is `localDay` of restaurant-time.ts). */
export function calendarDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || calendarDay(date) !== day) throw new RangeError(`Not a calendar day: ${day}`);
  return date;
}

export function addDays(day: string, days: number): string {
  return calendarDay(new Date(parseDay(day).getTime() + days * DAY_MS));
}

function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / DAY_MS);
}

/** The start day plus `months` calendar months, its day clamped to the target month's last day. */
function addMonthsClamped(start: Date, months: number): string {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return calendarDay(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

function stepDays(cadence: AuditCadence): number | null {
  return cadence === 'weekly' ? 7 : cadence === 'biweekly' ? 14 : null;
}

function stepMonths(cadence: AuditCadence): number {
  return cadence === 'quarterly' ? 3 : 1;
}

/** The `index`-th period of a schedule (0 is the one starting on `startsOn`). */
export function periodAt(cadence: AuditCadence, startsOn: string, index: number): AuditPeriod {
  const days = stepDays(cadence);
  if (days !== null) {
    const start = addDays(startsOn, index * days);
    return { start, end: addDays(start, days) };
  }
  const origin = parseDay(startsOn);
  const months = stepMonths(cadence);
  return { start: addMonthsClamped(origin, index * months), end: addMonthsClamped(origin, (index + 1) * months) };
}

/** Which period (by index) contains `day`; negative before the schedule starts. */
function periodIndexOf(cadence: AuditCadence, startsOn: string, day: string): number {
  const days = stepDays(cadence);
  if (days !== null) return Math.floor(daysBetween(startsOn, day) / days);
  const origin = parseDay(startsOn);
  const target = parseDay(day);
  const monthsApart =
    (target.getUTCFullYear() - origin.getUTCFullYear()) * 12 + (target.getUTCMonth() - origin.getUTCMonth());
  let index = Math.floor(monthsApart / stepMonths(cadence));
  // The estimate counts whole calendar months; the period's start day may fall later in the month.
  while (periodAt(cadence, startsOn, index).start > day) index -= 1;
  while (periodAt(cadence, startsOn, index).end <= day) index += 1;
  return index;
}

/** The period containing `day`, or null when the schedule has not started by then. */
export function periodContaining(cadence: AuditCadence, startsOn: string, day: string): AuditPeriod | null {
  parseDay(day);
  const index = periodIndexOf(cadence, startsOn, day);
  return index < 0 ? null : periodAt(cadence, startsOn, index);
}

/**
 * The current period (the one containing `day`) and the ones after it, `count` in all;
 * before the schedule starts, its first `count` periods.
 */
export function periodsFrom(cadence: AuditCadence, startsOn: string, day: string, count: number): AuditPeriod[] {
  const first = Math.max(0, periodIndexOf(cadence, startsOn, day));
  return Array.from({ length: count }, (_, offset) => periodAt(cadence, startsOn, first + offset));
}

/** The next period to be due from `day` on: the current one, or the first when not started yet. */
export function nextPeriod(cadence: AuditCadence, startsOn: string, day: string): AuditPeriod {
  return periodsFrom(cadence, startsOn, day, 1)[0] as AuditPeriod;
}

/** Every period that started on or before `day` (oldest first), at most `limit` of the latest. */
export function periodsUpTo(cadence: AuditCadence, startsOn: string, day: string, limit: number): AuditPeriod[] {
  const last = periodIndexOf(cadence, startsOn, day);
  const first = Math.max(0, last - limit + 1);
  return last < 0
    ? []
    : Array.from({ length: last - first + 1 }, (_, offset) => periodAt(cadence, startsOn, first + offset));
}

/**
 * What the dashboards call "due this week": a due entry whose period ends within the
 * next 7 days (its end, exclusive, is at most 7 days after the restaurant's today).
 * "Overdue" is an entry whose period ended without a completed audit: status `missed`.
 */
export const DUE_SOON_DAYS = 7;

/** Compliance looks back this many days: completed on time ÷ due entries whose period ended in that window. */
export const COMPLIANCE_WINDOW_DAYS = 90;
