import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { audits, auditTemplates } from './audits';
import { createdAt, id, updatedAt } from './columns';
import { restaurants } from './restaurants';
import { users } from './users';

/**
 * A cadence of audits hq expects: these templates, at these restaurants (or all active
 * ones), every period from `starts_on` on. The job runner turns each period into one
 * due entry per restaurant (audit_due).
 */
export const auditSchedules = pgTable(
  'audit_schedules',
  {
    id: id(),
    name: text('name').notNull(),
    cadence: text('cadence').notNull(),
    startsOn: date('starts_on').notNull(),
    allRestaurants: boolean('all_restaurants').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('audit_schedules_cadence_check', sql`${t.cadence} in ('weekly', 'biweekly', 'monthly', 'quarterly')`)],
);

export const auditScheduleTemplates = pgTable(
  'audit_schedule_templates',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => auditSchedules.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => auditTemplates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.templateId] })],
);

/** The chosen restaurants of a schedule whose `all_restaurants` is false. */
export const auditScheduleRestaurants = pgTable(
  'audit_schedule_restaurants',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => auditSchedules.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.restaurantId] }),
    index('audit_schedule_restaurants_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * One audit a restaurant owes for one period of a schedule, [period_start, period_end).
 * The unique key is what lets several servers run the same job: a second insert of the
 * same period does nothing. `due` until an audit made from it is submitted (then
 * `completed`, with `completed_at`), or `missed` once the period has ended without one.
 */
export const auditDue = pgTable(
  'audit_due',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => auditSchedules.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: text('status').notNull().default('due'),
    auditId: uuid('audit_id').references(() => audits.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The restaurant's name as `restaurants` has it now, kept by triggers (migration 0037,
     * docs/decisions/051): set on every insert and rewritten when the restaurant is renamed,
     * so the chain's list walks (status, period_end, restaurant_name, id) in its own order
     * instead of sorting every entry of a period end. Never written by the app.
     */
    restaurantName: text('restaurant_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    unique('audit_due_schedule_restaurant_period_key').on(t.scheduleId, t.restaurantId, t.periodStart),
    check('audit_due_status_check', sql`${t.status} in ('due', 'completed', 'missed')`),
    check('audit_due_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
    index('audit_due_restaurant_period_idx').on(t.restaurantId, t.periodEnd),
    // The lists' orders: soonest deadline first (due), newest first (missed, completed); then the restaurant's name.
    index('audit_due_status_period_idx').on(t.status, t.periodEnd, t.restaurantName, t.id),
    index('audit_due_status_period_desc_idx').on(t.status, t.periodEnd.desc(), t.restaurantName, t.id),
    index('audit_due_audit_idx').on(t.auditId),
    // The hq dashboard's due panel groups the chain's open entries by restaurant: index
    // only, not a heap page per few entries (hqDueAuditsPanel). The period leads so that
    // one restaurant's list keeps its own index (restaurant, period): led by status, this
    // one drew it and read the whole chain's due entries.
    index('audit_due_open_idx').on(t.periodEnd, t.status, t.restaurantId).where(sql`${t.status} <> 'completed'`),
  ],
);

/**
 * Due entries of active restaurants per (restaurant time zone, status, period end), kept by
 * triggers on audit_due and restaurants (migration 0037, docs/decisions/051): the chain's
 * totals of due audits for every filter are sums over these rows, each zone's day computed
 * once ("missed within the last 90 of the restaurant's days"), instead of counts of every
 * entry. A row whose count falls to 0 is deleted.
 */
export const auditDueCounts = pgTable(
  'audit_due_counts',
  {
    timeZone: text('time_zone').notNull(),
    status: text('status').notNull(),
    periodEnd: date('period_end').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.timeZone, t.status, t.periodEnd] }),
    // The chain's totals read one status (and a window of days): its rows only. The table is
    // small but every move of an entry rewrites a row, so its file holds far more pages than
    // rows (848 pages for 336 rows on the bench's 5× chain) and a scan of it reads them all.
    index('audit_due_counts_status_period_idx').on(t.status, t.periodEnd),
  ],
);
