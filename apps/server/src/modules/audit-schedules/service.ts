import { AUDIT_CADENCES, nextPeriod } from '@brigade/core/audit-periods';
import { localDay } from '@brigade/core/restaurant-time';
import { scheduleMessages } from '@brigade/core/schedule-messages';
import type {
  AuditSchedule,
  AuditScheduleInput,
  AuditScheduleListQuery,
  AuditScheduleSort,
} from '@brigade/core/schemas/audit-schedules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import {
  auditDue,
  auditScheduleRestaurants,
  auditSchedules,
  auditScheduleTemplates,
} from '../../db/schema/audit-schedules';
import { auditTemplates } from '../../db/schema/audits';
import { restaurants } from '../../db/schema/restaurants';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, notFound } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { Notifier } from '../../notify/notifier';
import { refreshDueEntries } from './due-entries';

type ScheduleFields = z.output<typeof AuditScheduleInput>;

interface ScheduleRow {
  id: string;
  name: string;
  cadence: AuditSchedule['cadence'];
  starts_on: string;
  all_restaurants: boolean;
  is_active: boolean;
  templates: { id: string; name: string }[];
  restaurants: { id: string; name: string }[];
  restaurant_count: number;
}

/**
 * The schedule list's sorts, over the query below (a chain has a handful of schedules).
 * Status puts active ones first, by name; cadence runs from weekly to quarterly; the
 * restaurant count is the query's own output column. The id breaks ties.
 */
const scheduleSorting: ListSorting<AuditScheduleSort> = {
  columns: {
    status: [sql`not s.is_active`, sql`s.name`],
    name: sql`s.name`,
    cadence: sql`array_position(array[${sql.join(
      AUDIT_CADENCES.map((cadence) => sql`${cadence}`),
      sql`, `,
    )}]::text[], s.cadence)`,
    startsOn: sql`s.starts_on`,
    restaurantCount: sql`restaurant_count`,
  },
  defaultSort: 'status',
  defaultOrder: 'asc',
  tiebreak: sql`s.id`,
};

/**
 * Schedules with their templates, chosen restaurants and the number of restaurants
 * covered, in one query. A schedule spans restaurants in any zone; its next period is
 * counted from today in `timeZone`, the chain's (DEFAULT_TIME_ZONE): each restaurant's
 * own entries follow its own day (due-entries.ts).
 */
async function selectSchedules(
  db: Queryable,
  options: { id?: string; sorting?: z.output<typeof AuditScheduleListQuery>; timeZone: string },
): Promise<AuditSchedule[]> {
  const result = (await db.execute(sql`
    select s.id, s.name, s.cadence, s.starts_on::text as starts_on, s.all_restaurants, s.is_active,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
        from ${auditScheduleTemplates} st join ${auditTemplates} t on t.id = st.template_id
        where st.schedule_id = s.id), '[]'::json) as templates,
      coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
        from ${auditScheduleRestaurants} sr join ${restaurants} r on r.id = sr.restaurant_id
        where sr.schedule_id = s.id), '[]'::json) as restaurants,
      case when s.all_restaurants
        then (select count(*)::int from ${restaurants} r where r.is_active)
        else (select count(*)::int from ${auditScheduleRestaurants} sr join ${restaurants} r on r.id = sr.restaurant_id
          where sr.schedule_id = s.id and r.is_active)
      end as restaurant_count
    from ${auditSchedules} s
    ${options.id ? sql`where s.id = ${options.id}` : sql``}
    order by ${sql.join(orderByOf(scheduleSorting, options.sorting ?? {}), sql`, `)}`)) as unknown as {
    rows: ScheduleRow[];
  };
  const today = localDay(new Date(), options.timeZone);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    cadence: row.cadence,
    startsOn: row.starts_on,
    allRestaurants: row.all_restaurants,
    isActive: row.is_active,
    templates: row.templates,
    restaurants: row.all_restaurants ? [] : row.restaurants,
    restaurantCount: Number(row.restaurant_count),
    nextPeriod: nextPeriod(row.cadence, row.starts_on, today),
  }));
}

/** Every schedule, sorted by `?sort=&order=` (active first, by name, without a choice). */
export const listSchedules = (db: Queryable, query: z.output<typeof AuditScheduleListQuery>, timeZone: string) =>
  selectSchedules(db, { sorting: query, timeZone });

export async function getSchedule(db: Queryable, id: string, timeZone: string): Promise<AuditSchedule> {
  const [schedule] = await selectSchedules(db, { id, timeZone });
  if (!schedule) throw notFound(scheduleMessages.scheduleNotFound);
  return schedule;
}

/** Templates must exist; chosen restaurants must exist and be active (400 with the field). */
async function assertReferences(tx: Transaction, input: ScheduleFields) {
  const templateIds = [...new Set(input.templateIds)];
  const templates = await tx
    .select({ id: auditTemplates.id })
    .from(auditTemplates)
    .where(inArray(auditTemplates.id, templateIds));
  if (templates.length !== templateIds.length) {
    throw badRequest(scheduleMessages.scheduleTemplateMissing, {
      templateIds: scheduleMessages.scheduleTemplateMissing,
    });
  }
  if (input.allRestaurants) return;
  const restaurantIds = [...new Set(input.restaurantIds)];
  const found = await tx
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(inArray(restaurants.id, restaurantIds), eq(restaurants.isActive, true)));
  if (found.length !== restaurantIds.length) {
    throw badRequest(scheduleMessages.scheduleRestaurantInactive, {
      restaurantIds: scheduleMessages.scheduleRestaurantInactive,
    });
  }
}

async function writeChoices(tx: Transaction, scheduleId: string, input: ScheduleFields) {
  await tx
    .insert(auditScheduleTemplates)
    .values([...new Set(input.templateIds)].map((templateId) => ({ scheduleId, templateId })));
  if (!input.allRestaurants) {
    await tx
      .insert(auditScheduleRestaurants)
      .values([...new Set(input.restaurantIds)].map((restaurantId) => ({ scheduleId, restaurantId })));
  }
}

/**
 * Entries still due and not started leave with a change (another cadence, other
 * restaurants, deactivation); the due job then makes the current period's entries
 * again. Missed and completed entries stay: they are the schedule's history.
 */
async function dropOpenEntries(tx: Transaction, scheduleId: string) {
  await tx
    .delete(auditDue)
    .where(and(eq(auditDue.scheduleId, scheduleId), eq(auditDue.status, 'due'), isNull(auditDue.auditId)));
}

/**
 * Makes what is due now (the job, a saved schedule, hq's "refresh"): each new entry tells
 * the restaurant's managers, by email too when they chose it, whoever triggered it.
 */
export async function refreshDue(db: Database, notifier: Notifier) {
  const refresh = await refreshDueEntries(db, undefined, { emailOn: notifier.emailOn });
  if (refresh.created) notifier.wake();
  return refresh;
}

export async function createSchedule(
  db: Database,
  notifier: Notifier,
  actor: SessionUser,
  input: ScheduleFields,
  timeZone: string,
) {
  const id = await db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const [schedule] = await tx
      .insert(auditSchedules)
      .values({
        name: input.name,
        cadence: input.cadence,
        startsOn: input.startsOn,
        allRestaurants: input.allRestaurants,
        isActive: input.isActive,
        createdBy: actor.id,
      })
      .returning({ id: auditSchedules.id });
    if (!schedule) throw new Error('insert returned no row');
    await writeChoices(tx, schedule.id, input);
    return schedule.id;
  });
  // The current period is due at once, not at the job's next run.
  await refreshDue(db, notifier);
  return getSchedule(db, id, timeZone);
}

export async function updateSchedule(
  db: Database,
  notifier: Notifier,
  id: string,
  input: ScheduleFields,
  timeZone: string,
) {
  await db.transaction(async (tx) => {
    const [schedule] = await tx
      .update(auditSchedules)
      .set({
        name: input.name,
        cadence: input.cadence,
        startsOn: input.startsOn,
        allRestaurants: input.allRestaurants,
        isActive: input.isActive,
      })
      .where(eq(auditSchedules.id, id))
      .returning({ id: auditSchedules.id });
    if (!schedule) throw notFound(scheduleMessages.scheduleNotFound);
    await assertReferences(tx, input);
    await tx.delete(auditScheduleTemplates).where(eq(auditScheduleTemplates.scheduleId, id));
    await tx.delete(auditScheduleRestaurants).where(eq(auditScheduleRestaurants.scheduleId, id));
    await writeChoices(tx, id, input);
    await dropOpenEntries(tx, id);
  });
  await refreshDue(db, notifier);
  return getSchedule(db, id, timeZone);
}

export async function setScheduleActive(
  db: Database,
  notifier: Notifier,
  id: string,
  isActive: boolean,
  timeZone: string,
) {
  await db.transaction(async (tx) => {
    const [schedule] = await tx
      .update(auditSchedules)
      .set({ isActive })
      .where(eq(auditSchedules.id, id))
      .returning({ id: auditSchedules.id });
    if (!schedule) throw notFound(scheduleMessages.scheduleNotFound);
    if (!isActive) await dropOpenEntries(tx, id);
  });
  if (isActive) await refreshDue(db, notifier);
  return getSchedule(db, id, timeZone);
}

/** Deletes the schedule with its due entries (audits made from them stay). */
export async function deleteSchedule(db: Queryable, id: string) {
  const deleted = await db.delete(auditSchedules).where(eq(auditSchedules.id, id)).returning({ id: auditSchedules.id });
  if (deleted.length === 0) throw notFound(scheduleMessages.scheduleNotFound);
}

// What other modules use of due audits: the audits service links, completes and reopens
// entries; the dashboards and Store Performance show the panels and the compliance figure.
export {
  auditCompliance,
  completeDueOfAudit,
  hqDueAuditsPanel,
  linkAuditToDue,
  managerDueAuditsPanel,
  reopenDueOfAudit,
} from './due-entries';

export const AUDIT_DUE_JOB = 'audit-due.refresh';

/**
 * The due job every 15 minutes, and once as the queue starts (a server down over a period's turn catches up);
 * each new entry notifies the restaurant's managers, by email too when they chose it.
 */
export function registerAuditDueJob(queue: JobQueue, db: Database, notifier: Notifier) {
  queue.register(
    AUDIT_DUE_JOB,
    async () => {
      await refreshDue(db, notifier);
    },
    { cron: '*/15 * * * *', runOnStart: true },
  );
}
