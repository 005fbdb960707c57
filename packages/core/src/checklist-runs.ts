import type { ChecklistRunState } from './schemas/checklists';

/**
 * Where a checklist record stands (issue 33, decision 032). The database keeps `open`,
 * `submitted` or `missed`; what a person sees also depends on the clock: an open record
 * is upcoming before its window opens and missed once it closed (before the job marks it
 * so); a submitted one is done, or late when it came after the window closed.
 */
export interface RunTimes {
  status: 'open' | 'submitted' | 'missed';
  opensAt: Date | string;
  closesAt: Date | string;
  submittedAt: Date | string | null;
}

/** A closed window may still be submitted, recorded as late, for this long after it closed. */
export const LATE_SUBMIT_HOURS = 24;

const time = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

export function runStateOf(run: RunTimes, now: Date | number = Date.now()): ChecklistRunState {
  const at = typeof now === 'number' ? now : now.getTime();
  if (run.status === 'submitted') {
    return run.submittedAt !== null && time(run.submittedAt) > time(run.closesAt) ? 'late' : 'done';
  }
  if (run.status === 'missed' || at >= time(run.closesAt)) return 'missed';
  return at < time(run.opensAt) ? 'upcoming' : 'open';
}

/** Whether values may still be entered and the record submitted: opened, not submitted, and closed less than a day ago. */
export function mayStillFill(run: RunTimes, now: Date | number = Date.now()): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  return (
    run.status !== 'submitted' && at >= time(run.opensAt) && at < time(run.closesAt) + LATE_SUBMIT_HOURS * 3_600_000
  );
}

/** Today's order: open now first, then missed, upcoming and done (late with done), each by opening time. */
export const TODAY_ORDER: Record<ChecklistRunState, number> = { open: 0, missed: 1, upcoming: 2, done: 3, late: 3 };
