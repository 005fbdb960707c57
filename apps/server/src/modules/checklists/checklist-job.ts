import { type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS, tryLockForTransaction } from '../../db/advisory-locks';
import type { Database, Queryable } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { emailStateSql, type Notifier } from '../../notify/notifier';
import { textsSql } from '../../notify/texts-sql';
import { checklistRunEvents, emitEvent } from '../webhooks/service';
import { ensureRuns } from './ensure-runs';

export const CHECKLIST_JOB = 'checklists.refresh';

/** A record's window as the restaurant's clock shows it, `08:00–09:00` (an end past midnight wraps: `22:00–00:30`). */
export function windowTextSql(startsAt: SQL, minutes: SQL): SQL {
  return sql`(left((time '00:00' + make_interval(mins => ${startsAt}))::text, 5) || '–'
    || left((time '00:00' + make_interval(mins => ${startsAt} + ${minutes}))::text, 5))`;
}

export interface ChecklistJobResult {
  made: number;
  moved: number;
  dropped: number;
  /** Records whose window opened since the last run, their people told. */
  opened: number;
  /** Records whose window closed with nothing submitted, now missed, their managers told. */
  missed: number;
}

/**
 * Marks every record whose window has opened as notified, and tells the restaurant's
 * active staff and managers of each that is open now ("Checklist open"), in one
 * statement: the UPDATE … WHERE NOT open_notified … RETURNING decides which records are
 * new, so each is told once whichever server's job gets there first (a second finds
 * nothing left; the notifications' unique key holds too). A record whose window closed
 * before any job saw it open (every server down) is marked without a word.
 */
async function notifyOpened(db: Queryable, now: SQL, emailOn: boolean): Promise<number> {
  const texts = textsSql('checklistOpen', sql`c.name`, sql`r.name`, windowTextSql(sql`o.starts_at`, sql`o.minutes`));
  const { rows } = (await db.execute(sql`
    with opened as (
      update checklist_runs cr set open_notified = true
      where not cr.open_notified and cr.opens_at <= ${now}
      returning cr.id, cr.restaurant_id, cr.checklist_id, cr.starts_at, cr.minutes,
        (cr.status = 'open' and cr.closes_at > ${now}) as open_now
    ), notified as (
      insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
      select u.id, 'checklistOpen', o.id::text, ${texts.title}, ${texts.body}, ${texts.params}, '/checklists/' || o.id,
        ${emailStateSql(emailOn, 'checklistOpen', sql`u.id`)}
      from opened o
      join checklists c on c.id = o.checklist_id
      join restaurants r on r.id = o.restaurant_id and r.is_active
      join staff_restaurant_assignments sra on sra.restaurant_id = o.restaurant_id
      join users u on u.id = sra.user_id and u.is_active and u.role in ('staff', 'manager')
      where o.open_now
      on conflict on constraint notifications_once_key do nothing
      returning 1
    )
    select count(*) filter (where open_now)::int as opened from opened`)) as unknown as {
    rows: { opened: number }[];
  };
  return Number(rows[0]?.opened ?? 0);
}

/**
 * Every open record whose window has closed becomes missed, and the restaurant's active
 * managers are told ("Checklist missed"), in one statement: only the statement that moves
 * a record from open to missed tells, so it happens once however many servers run the
 * job (a concurrent run waits on the row and then finds it missed). Walks the partial
 * index of open records by closing time. A missed record may still be submitted, late,
 * within `LATE_SUBMIT_HOURS`.
 */
async function markMissed(db: Queryable, now: SQL, emailOn: boolean): Promise<number> {
  const texts = textsSql(
    'checklistMissed',
    sql`c.name`,
    sql`r.name`,
    sql`m.local_day::text`,
    windowTextSql(sql`m.starts_at`, sql`m.minutes`),
  );
  const { rows } = (await db.execute(sql`
    with missed as (
      update checklist_runs cr set status = 'missed'
      where cr.status = 'open' and cr.closes_at <= ${now}
      returning cr.id, cr.restaurant_id, cr.checklist_id, cr.local_day, cr.starts_at, cr.minutes
    ), notified as (
      insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
      select u.id, 'checklistMissed', m.id::text, ${texts.title}, ${texts.body}, ${texts.params},
        '/checklists/' || m.id, ${emailStateSql(emailOn, 'checklistMissed', sql`u.id`)}
      from missed m
      join checklists c on c.id = m.checklist_id
      join restaurants r on r.id = m.restaurant_id and r.is_active
      join staff_restaurant_assignments sra on sra.restaurant_id = m.restaurant_id
      join users u on u.id = sra.user_id and u.is_active and u.role = 'manager'
      on conflict on constraint notifications_once_key do nothing
      returning 1
    )
    select id from missed`)) as unknown as { rows: { id: string }[] };
  if (rows.length > 0) {
    await emitEvent(db, 'checklist.missed', checklistRunEvents(sql`cr.id in ${rows.map((row) => row.id)}`));
  }
  return rows.length;
}

/**
 * The checklist job, for every restaurant: makes the records of each restaurant's local
 * today and tomorrow (`ensureRuns`), tells people of windows that opened, and marks
 * windows that closed with nothing submitted as missed, telling their managers. Each
 * statement is idempotent; the three run in one transaction under an advisory lock, so
 * one server runs the job at a time and a second, finding it taken, skips its turn (all
 * zeros). Two jobs side by side would otherwise lock the same records in different
 * orders (opening time, closing time, the day counters' keys) and could deadlock.
 * `now` moves the clock for tests; omitted, the database's.
 */
export async function runChecklistJob(
  db: Queryable,
  { emailOn = false, now }: { emailOn?: boolean; now?: Date } = {},
): Promise<ChecklistJobResult> {
  const clock = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction(async (tx) => {
    if (!(await tryLockForTransaction(tx, ADVISORY_LOCKS.checklistJob))) {
      return { made: 0, moved: 0, dropped: 0, opened: 0, missed: 0 };
    }
    const ensured = await ensureRuns(tx, { dayOffsets: [0, 1], now });
    const opened = await notifyOpened(tx, clock, emailOn);
    const missed = await markMissed(tx, clock, emailOn);
    return { ...ensured, opened, missed };
  });
}

/** The checklist job every 5 minutes, and once as the queue starts (a server down at a window's turn catches up). */
export function registerChecklistJob(queue: JobQueue, db: Database, notifier: Notifier) {
  queue.register(
    CHECKLIST_JOB,
    async () => {
      const result = await runChecklistJob(db, { emailOn: notifier.emailOn });
      if (result.opened || result.missed) notifier.wake();
    },
    { cron: '*/5 * * * *', runOnStart: true },
  );
}
