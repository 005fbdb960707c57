import { addDays } from '@brigade/core/audit-periods';

import { dateFormat, utcDay } from './locale-format';

const DAY = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const;

/** A due audit's period as screens show it, "3 Nov – 9 Nov", from its first day and its (exclusive) end. */
export function formatPeriod(start: string, end: string): string {
  const format = (day: string) => dateFormat(DAY).format(utcDay(day));
  return `${format(start)} – ${format(addDays(end, -1))}`;
}
