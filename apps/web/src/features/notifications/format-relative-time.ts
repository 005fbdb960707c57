import { t } from '@lingui/core/macro';
import { formatDateTime } from '../../lib/format-date';
import { relativeTimeFormat } from '../../lib/locale-format';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago an ISO timestamp was. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now.getTime()) / 1000);
  const elapsed = Math.abs(seconds);
  if (elapsed < MINUTE) return t`just now`;
  const relative = relativeTimeFormat();
  if (elapsed < HOUR) return relative.format(Math.round(seconds / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(Math.round(seconds / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(Math.round(seconds / DAY), 'day');
  if (elapsed < 5 * WEEK) return relative.format(Math.round(seconds / WEEK), 'week');
  return formatDateTime(iso);
}
