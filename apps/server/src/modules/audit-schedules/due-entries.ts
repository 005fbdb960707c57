import {
  type AuditCadence,
  addDays,
  COMPLIANCE_WINDOW_DAYS,
  calendarDay,
  DUE_SOON_DAYS,
  periodContaining,
} from '@brigade/core/audit-periods';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import {
  type AuditCompliance,
  type AuditDueEntry,
  type AuditDuePage,
  type AuditDueQuery,
  type AuditDueRefresh,
  DUE_PANEL_ROWS,
  type HqDueAuditsPanel,
  type ManagerDueAuditsPanel,
} from '@brigade/core/schemas/audit-schedules';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inReach } from '../../auth/reach';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable, Transaction } from '../../db/database';
import {
  auditDue,
  auditDueCounts,
  auditScheduleRestaurants,
  auditSchedules,
  auditScheduleTemplates,
} from '../../db/schema/audit-schedules';
import { audits, auditTemplateAssignments, auditTemplates } from '../../db/schema/audits';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { emailStateSql } from '../../notify/notifier';
import { textsSql } from '../../notify/texts-sql';

/**
 * Periods are each restaurant's local days (issue 33): a restaurant's "today" is its
 * calendar day at `now` in its time zone (`restaurants.time_zone`, alias `r`), the
 * SQL twin of core's `localDay(now, timeZone)`.
 */
export const restaurantToday = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone r.time_zone)::date`;

/**
 * The days any restaurant can be on at `now` (zones run from UTC−12 to UTC+14): the UTC
 * day and the days either side. Each query narrows by these first (the indexes on
 * `period_end` serve the range), then by each restaurant's own day.
 */
function possibleDays(now: Date) {
  const utcDay = calendarDay(now);
  return {
    first: addDays(utcDay, -1),
    days: [addDays(utcDay, -1), utcDay, addDays(utcDay, 1)],
    last: addDays(utcDay, 1),
  };
}

/** When a period ends in its restaurant: the local midnight of its end day (on-time means before it). */
const periodEndsAt = sql`(d.period_end::timestamp at time zone r.time_zone)`;

/**
 * The due job: for every active schedule, the current period's entry for each of its
 * restaurants (every active restaurant, or the chosen active ones), in one INSERT …
 * SELECT … ON CONFLICT DO NOTHING; then every entry whose period has ended while still
 * due becomes missed, in one UPDATE. "Current" and "ended" are each restaurant's own:
 * the period containing its local day, and an end day that has begun in its zone, so
 * near midnight Auckland may be in next week's period while Los Angeles is still in
 * this one. The periods of the (at most three) days restaurants can be on are computed
 * here, once per schedule, and each restaurant takes the one of its day. Run again, or
 * on several servers at once, it adds nothing: the unique key (schedule, restaurant,
 * period start) holds one entry.
 */
export async function refreshDueEntries(
  db: Queryable,
  now = new Date(),
  { emailOn = false }: { emailOn?: boolean } = {},
): Promise<AuditDueRefresh> {
  const schedules = await db
    .select({ id: auditSchedules.id, cadence: auditSchedules.cadence, startsOn: auditSchedules.startsOn })
    .from(auditSchedules)
    .where(eq(auditSchedules.isActive, true));
  const { days, last } = possibleDays(now);
  const periods = schedules.flatMap((schedule) =>
    days.flatMap((day) => {
      const period = periodContaining(schedule.cadence as AuditCadence, schedule.startsOn, day);
      return period ? [sql`(${schedule.id}::uuid, ${day}::date, ${period.start}::date, ${period.end}::date)`] : [];
    }),
  );
  let created = 0;
  if (periods.length) {
    // Each new entry tells the restaurant's active managers (issue 20), in the same
    // statement: an entry is new only once, so its "Audit due" is made once.
    const texts = textsSql('auditDue', sql`r.name`, sql`s.name`, sql`made.period_end::text`);
    const inserted = (await db.execute(sql`
      with made as (
        insert into ${auditDue} (schedule_id, restaurant_id, period_start, period_end)
        select p.schedule_id, r.id, p.period_start, p.period_end
        from (values ${sql.join(periods, sql`, `)}) as p(schedule_id, local_day, period_start, period_end)
        join ${auditSchedules} s on s.id = p.schedule_id
        join ${restaurants} r on r.is_active and ${restaurantToday(now)} = p.local_day and (s.all_restaurants or exists (
          select 1 from ${auditScheduleRestaurants} sr where sr.schedule_id = s.id and sr.restaurant_id = r.id))
        on conflict (schedule_id, restaurant_id, period_start) do nothing
        returning id, schedule_id, restaurant_id, period_end
      ), notified as (
        insert into notifications (user_id, kind, subject_key, title, body, params, link, email_state)
        select u.id, 'auditDue', made.id::text, ${texts.title}, ${texts.body}, ${texts.params}, '/dashboard-manager',
          ${emailStateSql(emailOn, 'auditDue', sql`u.id`)}
        from made
        join ${auditSchedules} s on s.id = made.schedule_id
        join ${restaurants} r on r.id = made.restaurant_id
        join ${staffRestaurantAssignments} sra on sra.restaurant_id = made.restaurant_id
        join ${users} u on u.id = sra.user_id and u.role = 'manager' and u.is_active
        on conflict on constraint notifications_once_key do nothing
      )
      select count(*)::int as created from made`)) as unknown as { rows: { created: number }[] };
    created = Number(inserted.rows[0]?.created ?? 0);
  }
  const missed = (await db.execute(sql`
    update ${auditDue} d set status = 'missed'
    from ${restaurants} r
    where r.id = d.restaurant_id and d.status = 'due'
      and d.period_end <= ${last}::date and d.period_end <= ${restaurantToday(now)}
    returning 1`)) as unknown as { rows: unknown[] };
  return { created, missed: missed.rows.length };
}

interface DueRow {
  id: string;
  schedule_id: string;
  schedule_name: string;
  restaurant_id: string;
  restaurant_name: string;
  templates: { id: string; name: string }[];
  period_start: string;
  period_end: string;
  status: AuditDueEntry['status'];
  audit_id: string | null;
  completed_at: string | Date | null;
  on_time: boolean | null;
  total?: number | string;
  missed?: number | string;
}

function entryOf(row: DueRow): AuditDueEntry {
  const completedAt = row.completed_at === null ? null : new Date(row.completed_at);
  return {
    id: row.id,
    schedule: { id: row.schedule_id, name: row.schedule_name },
    restaurant: { id: row.restaurant_id, name: row.restaurant_name },
    templates: row.templates,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status,
    auditId: row.audit_id,
    completedAt: completedAt?.toISOString() ?? null,
    onTime: row.on_time,
  };
}

/**
 * The entries of one page as every screen shows them: the page (and any window counts
 * in `extra`) is chosen first, over the bare rows; only its rows then get their
 * templates. `order` names the inner columns (period_end, restaurant_name, status, id).
 */
function selectEntries(where: SQL, order: SQL, limit: number, offset: number, extra: SQL = sql``) {
  return sql`
    select page.*,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
        from ${auditScheduleTemplates} st join ${auditTemplates} t on t.id = st.template_id
        where st.schedule_id = page.schedule_id), '[]'::json) as templates
    from (
      select d.id, s.id as schedule_id, s.name as schedule_name, r.id as restaurant_id, r.name as restaurant_name,
        d.period_start::text as period_start, d.period_end::text as period_end, d.status, d.audit_id, d.completed_at,
        case when d.completed_at is not null then d.completed_at < ${periodEndsAt} end as on_time
        ${extra}
      from ${auditDue} d
      join ${auditSchedules} s on s.id = d.schedule_id
      join ${restaurants} r on r.id = d.restaurant_id and r.is_active
      where ${where}
      order by ${order}
      limit ${limit} offset ${offset}
    ) page
    order by ${order}`;
}

/**
 * The columns the filters below read: of an entry (`d`, its restaurant `r`), or of a row of
 * audit_due_counts (`c`), whose restaurants' today is its time zone's.
 */
interface DueColumns {
  status: SQL;
  periodEnd: SQL;
  today: SQL;
}
const entryColumns = (now: Date): DueColumns => ({
  status: sql`d.status`,
  periodEnd: sql`d.period_end`,
  today: restaurantToday(now),
});
const countColumns = (now: Date): DueColumns => ({
  status: sql`c.status`,
  periodEnd: sql`c.period_end`,
  today: sql`(${now.toISOString()}::timestamptz at time zone c.time_zone)::date`,
});

/**
 * "Due this week": still due, its period ending within 7 days of the restaurant's today.
 * "Missed" (overdue): the period ended without a completed audit, within the last 90 of
 * its days (older misses are history, counted in compliance and listed under "all").
 * Both read an entry with its restaurant as `r`, or a row of the counts.
 */
function soonCondition(now: Date, { status, periodEnd, today }: DueColumns = entryColumns(now)) {
  const { last } = possibleDays(now);
  return sql`${status} = 'due' and ${periodEnd} <= ${addDays(last, DUE_SOON_DAYS)}::date
    and ${periodEnd} <= ${today} + ${DUE_SOON_DAYS}::int`;
}
function missedCondition(now: Date, { status, periodEnd, today }: DueColumns = entryColumns(now)) {
  const { first } = possibleDays(now);
  return sql`${status} = 'missed' and ${periodEnd} > ${addDays(first, -COMPLIANCE_WINDOW_DAYS)}::date
    and ${periodEnd} > ${today} - ${COMPLIANCE_WINDOW_DAYS}::int`;
}

/** Each filter of the list as a condition on entries or on rows of the counts. */
function filterCondition(filter: z.output<typeof AuditDueQuery>['filter'], now: Date, columns: DueColumns): SQL {
  return {
    open: sql`(${columns.status} = 'due' or (${missedCondition(now, columns)}))`,
    soon: soonCondition(now, columns),
    missed: missedCondition(now, columns),
    completed: sql`${columns.status} = 'completed'`,
    all: sql`true`,
  }[filter];
}

/**
 * The due audits of one restaurant, or of every restaurant the caller reaches; hq's list of
 * the whole chain is `listChainDue`. Open entries: what can still be done on time first
 * (soonest deadline first), missed ones after; completed and all: newest first.
 */
export async function listDue(
  db: Queryable,
  actor: SessionUser,
  query: z.output<typeof AuditDueQuery>,
  now = new Date(),
): Promise<AuditDuePage> {
  if (actor.role === 'hq' && !query.restaurantId) return listChainDue(db, query, now);
  const scope = query.restaurantId
    ? sql`d.restaurant_id = ${query.restaurantId}`
    : inReach(actor, sql`d.restaurant_id`);
  const filter = filterCondition(query.filter, now, entryColumns(now));
  const newestFirst = query.filter === 'completed' || query.filter === 'all';
  // Open entries: what can still be done on time first (soonest deadline first), missed
  // ones after; listing 17 old misses before the current ones hid what to plan.
  const order = newestFirst
    ? sql`period_end desc, restaurant_name, id`
    : sql`status = 'missed', case when status = 'missed' then period_end end desc, period_end, restaurant_name, id`;
  const result = (await db.execute(
    selectEntries(
      sql`(${scope}) and (${filter})`,
      order,
      query.pageSize,
      (query.page - 1) * query.pageSize,
      sql`, count(*) over () as total`,
    ),
  )) as unknown as { rows: DueRow[] };
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && query.page > 1) {
    const [count] = (
      (await db.execute(sql`select count(*)::int as total from ${auditDue} d
        join ${restaurants} r on r.id = d.restaurant_id and r.is_active
        where (${scope}) and (${filter})`)) as unknown as { rows: { total: number }[] }
    ).rows;
    total = Number(count?.total ?? 0);
  }
  return { items: result.rows.map(entryOf), total, page: query.page, pageSize: query.pageSize };
}

/**
 * One run of entries in one of the list's orders, read from an index of audit_due as it
 * stands: (status, period_end, restaurant_name, id) soonest first, or its `period_end desc`
 * twin newest first. `sort_key` carries the order out (days, negated when newest first).
 */
function chainRun(part: number, where: SQL, newestFirst: boolean, limit: SQL | number, offset: SQL | number) {
  // `nulls last` as the index is built (a plain DESC means NULLS FIRST, which it cannot give).
  const order = newestFirst
    ? sql`d.period_end desc nulls last, d.restaurant_name, d.id`
    : sql`d.period_end, d.restaurant_name, d.id`;
  const days = sql`(d.period_end - date '2000-01-01')`;
  return sql`(select d.id, s.id as schedule_id, s.name as schedule_name, r.id as restaurant_id, r.name as restaurant_name,
      d.period_start::text as period_start, d.period_end::text as period_end, d.status, d.audit_id, d.completed_at,
      case when d.completed_at is not null then d.completed_at < ${periodEndsAt} end as on_time,
      ${part}::int as part, ${newestFirst ? sql`-${days}` : days} as sort_key
    from ${auditDue} d
    join ${restaurants} r on r.id = d.restaurant_id and r.is_active
    join ${auditSchedules} s on s.id = d.schedule_id
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset})`;
}

/**
 * hq's due audits of the whole chain in one statement whose cost is its page, not the
 * chain (docs/decisions/051): the total is a sum over audit_due_counts (each time zone's
 * today once), and the page is read in order from the (status, period_end, restaurant_name,
 * id) indexes, a run per status. Open: the due run (soonest first) and then the missed run
 * (newest first), the missed run skipping what the due run's count (from the counts)
 * leaves of the offset; all: the three statuses' runs merged newest first.
 */
async function listChainDue(db: Queryable, query: z.output<typeof AuditDueQuery>, now: Date): Promise<AuditDuePage> {
  const offset = (query.page - 1) * query.pageSize;
  const limit = query.pageSize;
  const entries = entryColumns(now);
  const counted = (condition: SQL) =>
    sql`(select coalesce(sum(c.entries), 0)::int from ${auditDueCounts} c where ${condition})`;
  const due = sql`d.status = 'due'`;
  let runs: SQL;
  let order = sql`part, sort_key, restaurant_name, id`;
  let pageOffset: number = 0;
  switch (query.filter) {
    case 'open': {
      // The due run holds the first `dueCount` entries: each run reads only its part of the
      // page (a limit of 0 reads nothing).
      const dueCount = counted(sql`c.status = 'due'`);
      runs = sql`${chainRun(0, due, false, sql`least(${limit}::int, greatest(0, ${dueCount} - ${offset}::int))`, offset)}
        union all ${chainRun(
          1,
          missedCondition(now, entries),
          true,
          sql`least(${limit}::int, greatest(0, ${offset + limit}::int - ${dueCount}))`,
          sql`greatest(0, ${offset}::int - ${dueCount})`,
        )}`;
      break;
    }
    case 'soon':
      runs = chainRun(0, soonCondition(now, entries), false, limit, offset);
      break;
    case 'missed':
      runs = chainRun(0, missedCondition(now, entries), true, limit, offset);
      break;
    case 'completed':
      runs = chainRun(0, sql`d.status = 'completed'`, true, limit, offset);
      break;
    case 'all':
      runs = sql.join(
        (['due', 'missed', 'completed'] as const).map((status) =>
          chainRun(0, sql`d.status = ${status}`, true, offset + limit, 0),
        ),
        sql` union all `,
      );
      order = sql`sort_key, restaurant_name, id`;
      pageOffset = offset;
      break;
  }
  const result = (await db.execute(sql`
    select totals.total, page.*,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
        from ${auditScheduleTemplates} st join ${auditTemplates} t on t.id = st.template_id
        where st.schedule_id = page.schedule_id), '[]'::json) as templates
    from (select ${counted(filterCondition(query.filter, now, countColumns(now)))} as total) totals
    left join lateral (
      select * from (${runs}) runs order by ${order} limit ${limit} offset ${pageOffset}
    ) page on true
    order by ${order}`)) as unknown as { rows: (DueRow & { total: number })[] };
  return {
    items: result.rows.filter((row) => row.id !== null).map(entryOf),
    total: Number(result.rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One entry, for the create-audit page opened from it; 403 outside the caller's restaurants. */
export async function getDue(db: Queryable, actor: SessionUser, id: string): Promise<AuditDueEntry> {
  const result = (await db.execute(
    selectEntries(sql`d.id = ${id}`, sql`id`, 1, 0, sql`, ${inReach(actor, sql`d.restaurant_id`)} as reached`),
  )) as unknown as { rows: (DueRow & { reached: boolean })[] };
  const row = result.rows[0];
  if (!row) throw notFound(scheduleMessages.dueNotFound);
  if (!row.reached) throw forbidden(scheduleMessages.dueWrongRestaurant);
  return entryOf(row);
}

/** Called inside createAudit's transaction: links the new draft to the due entry it conducts. */
export async function linkAuditToDue(tx: Transaction, dueId: string, restaurantId: string, auditId: string) {
  const [due] = await tx
    .select({ restaurantId: auditDue.restaurantId, status: auditDue.status, auditId: auditDue.auditId })
    .from(auditDue)
    .where(eq(auditDue.id, dueId))
    .for('update');
  if (!due) throw notFound(scheduleMessages.dueNotFound);
  if (due.status === 'completed') throw conflict(scheduleMessages.dueAlreadyCompleted);
  if (due.auditId) throw conflict(scheduleMessages.dueAlreadyStarted);
  if (due.restaurantId !== restaurantId) {
    throw badRequest(scheduleMessages.dueWrongRestaurant, { restaurantId: scheduleMessages.dueWrongRestaurant });
  }
  await tx.update(auditDue).set({ auditId }).where(eq(auditDue.id, dueId));
}

/**
 * Called inside submitAudit's transaction: the due entry the audit conducts is completed
 * now (on time or late); and so is every other entry this audit fulfils however it was
 * started (New Audit included): not yet started, of the audit's restaurant, whose period
 * contains the restaurant's today (its local day, as the due job makes periods) and whose
 * schedule's templates are all in the audit. Without this an audit made through New Audit
 * left its entry due, then missed, and lowered compliance.
 */
export async function completeDueOfAudit(tx: Transaction, auditId: string, now = new Date()) {
  await tx.execute(sql`update ${auditDue} d set status = 'completed', completed_at = now(), audit_id = ${auditId}
    from ${audits} a join ${restaurants} r on r.id = a.restaurant_id
    where a.id = ${auditId} and d.status <> 'completed' and (d.audit_id = ${auditId} or (
      d.audit_id is null and d.status = 'due' and d.restaurant_id = a.restaurant_id
      and d.period_start <= ${restaurantToday(now)} and d.period_end > ${restaurantToday(now)}
      and exists (select 1 from ${auditScheduleTemplates} st where st.schedule_id = d.schedule_id)
      and not exists (
        select 1 from ${auditScheduleTemplates} st
        where st.schedule_id = d.schedule_id and not exists (
          select 1 from ${auditTemplateAssignments} ata where ata.audit_id = a.id and ata.template_id = st.template_id)
      )))`);
}

/** Before an audit is deleted: its due entry is owed again, due or missed as its period says in its restaurant. */
export async function reopenDueOfAudit(tx: Queryable, auditId: string, now = new Date()) {
  await tx.execute(sql`update ${auditDue} d
    set status = case when d.period_end <= ${restaurantToday(now)} then 'missed' else 'due' end,
      audit_id = null, completed_at = null
    from ${restaurants} r
    where r.id = d.restaurant_id and d.audit_id = ${auditId}`);
}

/**
 * The dashboards count every entry due now (its period running, no completed audit) with
 * the soonest deadline, not only those ending within 7 days: a fortnightly or monthly
 * entry is due for its whole period, and "0 due this week" beside three restaurants due
 * in 8 days gave hq nothing to plan from. Missed counts the last 90 days, as above.
 */
const dueNowCondition = sql`d.status = 'due'`;
const dayText = (value: string | Date | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : calendarDay(value);

/** The hq dashboard panel: totals, and the restaurants with the most missed and due now (one query). */
export async function hqDueAuditsPanel(db: Queryable, now = new Date()): Promise<HqDueAuditsPanel> {
  const result = (await db.execute(sql`
    with counts as (
      select d.restaurant_id,
        count(*) filter (where ${dueNowCondition})::int as due,
        min(d.period_end) filter (where ${dueNowCondition}) as due_by,
        count(*) filter (where ${missedCondition(now)})::int as missed
      from ${auditDue} d
      join ${restaurants} r on r.id = d.restaurant_id and r.is_active
      where (${dueNowCondition}) or (${missedCondition(now)})
      group by d.restaurant_id
    )
    select r.id, r.name, c.due, c.due_by::text as due_by, c.missed,
      sum(c.due) over ()::int as total_due, (min(c.due_by) over ())::text as first_due_by,
      sum(c.missed) over ()::int as total_missed, count(*) over ()::int as restaurant_count
    from counts c join ${restaurants} r on r.id = c.restaurant_id
    order by c.missed desc, c.due desc, r.name, r.id
    limit ${DUE_PANEL_ROWS}`)) as unknown as {
    rows: {
      id: string;
      name: string;
      due: number;
      due_by: string | null;
      missed: number;
      total_due: number;
      first_due_by: string | null;
      total_missed: number;
      restaurant_count: number;
    }[];
  };
  const first = result.rows[0];
  return {
    due: Number(first?.total_due ?? 0),
    dueBy: dayText(first?.first_due_by ?? null),
    missed: Number(first?.total_missed ?? 0),
    restaurantCount: Number(first?.restaurant_count ?? 0),
    restaurants: result.rows.map((row) => ({
      restaurant: { id: row.id, name: row.name },
      due: Number(row.due),
      dueBy: dayText(row.due_by),
      missed: Number(row.missed),
    })),
  };
}

/** The manager dashboard panel: the selected restaurant's entries due now (soonest first), then missed (one query). */
export async function managerDueAuditsPanel(
  db: Queryable,
  restaurantId: string,
  now = new Date(),
): Promise<ManagerDueAuditsPanel> {
  const result = (await db.execute(
    selectEntries(
      sql`d.restaurant_id = ${restaurantId} and ((${dueNowCondition}) or (${missedCondition(now)}))`,
      sql`status = 'missed', case when status = 'missed' then period_end end desc, period_end, id`,
      DUE_PANEL_ROWS,
      0,
      sql`, count(*) filter (where d.status = 'due') over ()::int as due_now,
        (min(d.period_end) filter (where d.status = 'due') over ())::text as due_by,
        count(*) filter (where d.status = 'missed') over ()::int as missed`,
    ),
  )) as unknown as { rows: (DueRow & { due_now?: number; due_by?: string | null })[] };
  const first = result.rows[0];
  return {
    due: Number(first?.due_now ?? 0),
    dueBy: dayText(first?.due_by ?? null),
    missed: Number(first?.missed ?? 0),
    entries: result.rows.map(entryOf),
  };
}

/**
 * Store Performance: of the restaurant's due entries whose period ended in the last 90 of
 * its days, the share completed before the period ended (its end day's local midnight).
 * Null when there were none.
 */
export async function auditCompliance(db: Queryable, restaurantId: string, now = new Date()): Promise<AuditCompliance> {
  const result = (await db.execute(sql`
    select count(*)::int as due,
      count(*) filter (where d.status = 'completed' and d.completed_at < ${periodEndsAt})::int as on_time
    from ${auditDue} d join ${restaurants} r on r.id = d.restaurant_id
    where d.restaurant_id = ${restaurantId}
      and d.period_end > ${restaurantToday(now)} - ${COMPLIANCE_WINDOW_DAYS}::int
      and d.period_end <= ${restaurantToday(now)}`)) as unknown as {
    rows: { due: number; on_time: number }[];
  };
  const due = Number(result.rows[0]?.due ?? 0);
  const completedOnTime = Number(result.rows[0]?.on_time ?? 0);
  return { percent: due === 0 ? null : Math.round((completedOnTime / due) * 100), completedOnTime, due };
}
