import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { makeReminders } from '../apps/server/src/modules/notifications/reminders';
import type { LoadOptions, LoadResult } from './load';

/** Notifications the bench staff member has, for the "notifications, page 1" row. */
const BENCH_NOTIFICATIONS = 5_000;

/**
 * Issue 20's figure: the reminder job on the whole chain (400,000 assignments and the
 * corrective actions), timed, while 8 connections load the ceiling route; the ceiling's
 * p95 is measured over a window that starts with the job. A second run (nothing new to
 * make, every reminder a conflict on the unique key) is timed too: it is what every
 * 15-minute run costs once the first has caught up.
 */
export async function benchReminderRun(
  database: DatabaseHandle,
  options: {
    ceilingUrl: string;
    cookie: string;
    warmupSeconds: number;
    load: (options: Omit<LoadOptions, 'connections' | 'warmupSeconds' | 'seconds'>) => Promise<LoadResult>;
  },
) {
  const [{ assignments = 0 } = {}] = (
    (await database.db.execute(
      sql`select count(*)::int as assignments from staff_training_assignments`,
    )) as unknown as {
      rows: { assignments: number }[];
    }
  ).rows;
  const beside = options.load({ url: options.ceilingUrl, headers: { cookie: options.cookie } });
  // The load measures after its warm-up: the job starts with the measured window.
  await sleep(options.warmupSeconds * 1000 + 200);
  let started = performance.now();
  const made = await makeReminders(database.db, true);
  const firstSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await makeReminders(database.db, true);
  const againSeconds = (performance.now() - started) / 1000;
  const during = await beside;
  console.log(
    `  reminder job on ${assignments.toLocaleString('en')} assignments: first run ${firstSeconds.toFixed(2)} s ` +
      `(made ${made.trainingDueSoon} due soon, ${made.trainingOverdue} training overdue, ${made.actionOverdue} action overdue), ` +
      `next run ${againSeconds.toFixed(2)} s (nothing new); ceiling p95 during the runs ${during.p95?.toFixed(1) ?? '— (the job outlasted the load)'} ms`,
  );
  return {
    endpoint: `ceiling during the reminder job (first run ${firstSeconds.toFixed(2)} s, next ${againSeconds.toFixed(2)} s)`,
    role: 'staff' as const,
    roundTrips: 1,
    load: during,
    floor: null,
    ceiling: null,
    limit: null,
    reminderJob: { assignments, firstSeconds, againSeconds, made },
  };
}

/** Gives `email` BENCH_NOTIFICATIONS notifications, one a minute back in time, a third of them read. */
export async function seedNotifications(database: DatabaseHandle, email: string) {
  await database.db.execute(sql`
    insert into notifications (user_id, kind, subject_key, title, body, link, created_at, read_at)
    select u.id, 'trainingOverdue', 'bench-' || g, 'Training overdue: Bench training ' || g, 'It was due 2026-01-01',
      '/my-trainings', now() - make_interval(mins => g), case when g % 3 = 0 then now() end
    from users u, generate_series(1, ${BENCH_NOTIFICATIONS}) g
    where u.email = ${email}
    on conflict on constraint notifications_once_key do nothing`);
  await database.db.execute(sql`analyze notifications`);
}
