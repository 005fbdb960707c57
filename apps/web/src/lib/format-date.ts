import { DAY_FORMAT, TIME_FORMAT } from '@brigade/core/date-format';
import { dateFormat } from './locale-format';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_IN_UTC = { ...DAY_FORMAT, timeZone: 'UTC' } as const;

/**
 * A day as every screen writes it (core's one day format, issue 31): "5 Dec 2026",
 * "5 dec 2026", "5 déc. 2026". A calendar day (`YYYY-MM-DD`, no time zone) is that day
 * everywhere; a timestamp is the day it was where the reader is. The text itself if unreadable.
 */
export function formatDate(value: string): string {
  const calendarDay = CALENDAR_DAY.test(value);
  const date = new Date(calendarDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(calendarDay ? DAY_IN_UTC : DAY_FORMAT).format(date);
}

/** A moment as every screen writes it: its day, hour and minute where the reader is, "28 Nov 2026, 06:11". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(TIME_FORMAT).format(date);
}
