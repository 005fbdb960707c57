import { dateFormat } from './locale-format';

const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** A day as screens show it, "21 Nov 2026", from an ISO timestamp; the text itself if unreadable. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(DATE).format(date);
}
