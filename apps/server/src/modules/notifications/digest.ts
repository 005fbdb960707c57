import {
  type DigestAction,
  type DigestChecklists,
  type DigestTraining,
  notificationContent,
} from '@brigade/core/notification-texts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import type { NewNotification, Notifier } from '../../notify/notifier';
import { overdueInChain } from '../assignments/service';
import { actionCountColumns } from '../corrective-actions/service';

/** Items of each list a digest names; the counts say how many there are in all. */
export const DIGEST_ITEMS = 5;

interface DigestRow {
  user_id: string;
  /** null: an hq digest, of the whole chain. */
  restaurant_names: string | null;
  overdue_trainings: number;
  open_actions: number;
  trainings: DigestTraining[];
  actions: DigestAction[];
  checklists: DigestChecklists | null;
}

/** The ISO week of a day, such as 2026-W48: a digest's subject, so each week's is made once. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of its week names the year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Local days of checklist records a digest counts: the 7 before the restaurant's day when it is made. */
export const DIGEST_CHECKLIST_DAYS = 7;

/**
 * The weekly digest (issue 20): one notification per active manager, by email too when
 * they keep it on, naming their restaurants' overdue trainings (of active staff) and
 * open corrective actions: both counts and the first DIGEST_ITEMS of each, the most
 * overdue first. Since issue 33 it also counts checklist records missed and submitted
 * late over the DIGEST_CHECKLIST_DAYS local days before each restaurant's today (from the
 * day counters), and each active hq person gets the chain's digest: its overdue trainings
 * and open actions as counts, its checklists with the restaurants most missed. One
 * statement reads every digest; the notifications go in through `notify` with the week
 * as subject, so a second run of the same week (another server, a retried job) makes
 * nothing. Whoever has nothing overdue, open, missed or late gets none.
 */
export async function makeWeeklyDigests(db: Queryable, notifier: Notifier, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const chainOpenActions = actionCountColumns().openActions;
  /**
   * The week's checklists of the restaurants `mine` keeps (given an alias of
   * checklist_weeks): null when none of them had a record that week.
   */
  const checklistWeek = (mine: (alias: SQL) => SQL) => sql`(
    select case when count(*) > 0 then json_build_object(
      'missed', sum(w.missed), 'late', sum(w.late),
      'restaurantCount', count(*) filter (where w.missed > 0 or w.late > 0),
      'restaurants', (select coalesce(json_agg(x), '[]'::json) from (
        select v.name as restaurant, v.missed, v.late from checklist_weeks v
        where (v.missed > 0 or v.late > 0) and ${mine(sql`v`)}
        order by v.missed desc, v.late desc, v.name, v.restaurant_id limit ${DIGEST_ITEMS}) x)) end
    from checklist_weeks w where ${mine(sql`w`)})`;
  const result = (await db.execute(sql`
    with managers as (
      select u.id, array_agg(r.id) as restaurant_ids, string_agg(r.name, ', ' order by r.name) as restaurant_names
      from users u
      join staff_restaurant_assignments sra on sra.user_id = u.id
      join restaurants r on r.id = sra.restaurant_id and r.is_active
      where u.role = 'manager' and u.is_active
      group by u.id
    ), staff as (
      select m.id as manager_id, su.id as staff_id, su.name
      from managers m
      join staff_restaurant_assignments sra on sra.restaurant_id = any(m.restaurant_ids)
      join users su on su.id = sra.user_id and su.role = 'staff' and su.is_active
      group by m.id, su.id, su.name
    ), checklist_weeks as (
      -- Per active restaurant with records that week: the counters of its 7 local days before today.
      select r.id as restaurant_id, r.name, week.missed, week.late
      from restaurants r
      cross join lateral (select (${at} at time zone r.time_zone)::date as today) local_time
      cross join lateral (
        select coalesce(sum(d.total), 0)::int as total, coalesce(sum(d.missed), 0)::int as missed,
          coalesce(sum(d.late), 0)::int as late
        from checklist_day_counts d
        where d.restaurant_id = r.id and d.local_day >= local_time.today - ${DIGEST_CHECKLIST_DAYS}::int
          and d.local_day < local_time.today
      ) week
      where r.is_active and week.total > 0
    )
    select m.id as user_id, m.restaurant_names,
      (select count(*)::int from staff s
        join staff_training_assignments sta on sta.staff_id = s.staff_id
        where s.manager_id = m.id and sta.completed_at is null and sta.due_at < now()) as overdue_trainings,
      (select coalesce(json_agg(x), '[]'::json) from (
        select s.name as person, t.title as training,
          to_char(sta.due_at at time zone 'UTC', 'YYYY-MM-DD') as "dueOn"
        from staff s
        join staff_training_assignments sta on sta.staff_id = s.staff_id
        join trainings t on t.id = sta.training_id
        where s.manager_id = m.id and sta.completed_at is null and sta.due_at < now()
        order by sta.due_at, s.name limit ${DIGEST_ITEMS}) x) as trainings,
      (select count(*)::int from corrective_actions ca
        where ca.restaurant_id = any(m.restaurant_ids) and ca.status = 'open') as open_actions,
      (select coalesce(json_agg(x), '[]'::json) from (
        select ca.item_text as "itemText", r.name as restaurant, ca.due_on::text as "dueOn",
          ca.due_on < (now() at time zone 'UTC')::date as overdue
        from corrective_actions ca join restaurants r on r.id = ca.restaurant_id
        where ca.restaurant_id = any(m.restaurant_ids) and ca.status = 'open'
        order by ca.due_on, ca.id limit ${DIGEST_ITEMS}) x) as actions,
      ${checklistWeek((alias) => sql`${alias}.restaurant_id = any(m.restaurant_ids)`)} as checklists
    from managers m
    union all
    select u.id, null, ${overdueInChain}, '[]'::json, ${chainOpenActions}, '[]'::json,
      ${checklistWeek(() => sql`true`)}
    from users u
    where u.role = 'hq' and u.is_active`)) as unknown as { rows: DigestRow[] };

  const week = isoWeek(now);
  const rows: NewNotification[] = result.rows
    .filter(
      (row) =>
        row.overdue_trainings > 0 ||
        row.open_actions > 0 ||
        (row.checklists !== null && row.checklists.missed + row.checklists.late > 0),
    )
    .map((row) => ({
      userId: row.user_id,
      subjectKey: week,
      ...notificationContent(
        'weeklyDigest',
        row.restaurant_names,
        row.overdue_trainings,
        row.open_actions,
        row.trainings,
        row.actions,
        row.checklists ?? undefined,
      ),
      link: row.restaurant_names === null ? '/dashboard-hq' : '/dashboard-manager',
    }));
  let made = 0;
  // In chunks, so a chain of a thousand managers is a few statements, not one huge one.
  for (let start = 0; start < rows.length; start += 500) {
    made += await notifier.notify(db, rows.slice(start, start + 500));
  }
  return made;
}
