import { dateFormat, utcDay } from '../../lib/locale-format';

const DAY = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;

/** A calendar day (`YYYY-MM-DD`, no time zone) as screens show it, "3 Dec 2026", the same in every time zone. */
export function formatDay(day: string): string {
  const date = utcDay(day);
  return Number.isNaN(date.getTime()) ? day : dateFormat(DAY).format(date);
}
