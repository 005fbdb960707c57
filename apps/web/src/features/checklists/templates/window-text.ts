import type { ChecklistWindow } from '@brigade/core/schemas/checklists';
import { useLingui } from '@lingui/react/macro';
import { currentLocale } from '../../../lib/i18n';

/** ISO weekdays, 1 Monday … 7 Sunday, as the windows store them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** 1 January 2024 was a Monday: weekday `n` is that day plus n − 1. */
const MONDAY = Date.UTC(2024, 0, 1);

/** A weekday's name in the reader's language: "Mon", or "Monday" when `long`. */
export function weekdayName(weekday: number, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(currentLocale(), { weekday: width, timeZone: 'UTC' }).format(
    new Date(MONDAY + (weekday - 1) * 86_400_000),
  );
}

/** Whether a window ends the next day: its end at or before its start (Closing 22:00–00:30). */
export function crossesMidnight(start: string, end: string): boolean {
  return /^\d\d:\d\d$/.test(start) && /^\d\d:\d\d$/.test(end) && end <= start;
}

/**
 * A window as a line of the list: "06:00–09:00 · Every day", "22:00–00:30 (next day) · Fri, Sat",
 * "08:00–09:00 · Mon–Fri" (three days or more in a row are a range).
 */
export function useWindowText(): (window: Pick<ChecklistWindow, 'weekdays' | 'start' | 'end'>) => string {
  const { t } = useLingui();
  return ({ weekdays, start, end }) => {
    const days = [...new Set(weekdays)].sort((a, b) => a - b);
    const when = days.length === 7 ? t`Every day` : dayRuns(days).join(', ');
    const times = crossesMidnight(start, end) ? t`${start}–${end} (next day)` : `${start}–${end}`;
    return `${times} · ${when}`;
  };
}

function dayRuns(days: number[]): string[] {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs.flatMap((run) => {
    const first = run[0] as number;
    const last = run.at(-1) as number;
    return run.length >= 3 ? [`${weekdayName(first)}–${weekdayName(last)}`] : run.map((day) => weekdayName(day));
  });
}
