import { addDays } from '@brigade/core/audit-periods';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A due audit's period as screens show it, "3 Nov – 9 Nov", from its first day and its (exclusive) end. */
export function formatPeriod(start: string, end: string): string {
  const format = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  return `${format(start)} – ${format(addDays(end, -1))}`;
}
