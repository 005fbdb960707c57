import type { ChecklistContent } from '@brigade/core/checklist-items';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { audits } from './audits';
import { createdAt, id, updatedAt } from './columns';
import { restaurants } from './restaurants';
import { users } from './users';

/**
 * A checklist (issue 33): hq's chain template (`restaurant_id` null), or a manager's
 * local checklist of one restaurant. Its content lives in versions: editing adds a
 * version, and every record keeps the version it was filled from (decision 032).
 * `locked` (chain templates only): managers may neither switch it off at their
 * restaurant nor copy it into a local checklist.
 */
export const checklists = pgTable(
  'checklists',
  {
    id: id(),
    name: text('name').notNull(),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    allRestaurants: boolean('all_restaurants').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The version new records are filled from; set in the transaction that creates the checklist. */
    currentVersionId: uuid('current_version_id'),
    /** The chain template a local checklist was copied from, if any. */
    copiedFromId: uuid('copied_from_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checklists_restaurant_idx').on(t.restaurantId, t.name),
    index('checklists_name_idx').on(t.name, t.id),
    check('checklists_local_not_locked_check', sql`${t.restaurantId} is null or not ${t.locked}`),
  ],
);

/** One version of a checklist's sections and items, never changed once made. */
export const checklistVersions = pgTable(
  'checklist_versions',
  {
    id: id(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<ChecklistContent>().notNull(),
    /** How many items the version has (the Today screen's "7 of 12" without reading the content). */
    itemCount: integer('item_count').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checklist_versions_checklist_version_key').on(t.checklistId, t.version)],
);

/**
 * When a checklist is done: on the ISO weekdays in `weekdays` (1 Monday … 7 Sunday), from
 * `starts_at` (minutes after the restaurant's local midnight) for `minutes` minutes. A
 * window may cross midnight (Closing 22:00–00:30 is 1320 + 150); it belongs to the day it
 * opens on. Windows are edited in place: records copy their window's times when made.
 */
export const checklistWindows = pgTable(
  'checklist_windows',
  {
    id: id(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    weekdays: smallint('weekdays').array().notNull(),
    startsAt: integer('starts_at').notNull(),
    minutes: integer('minutes').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('checklist_windows_checklist_idx').on(t.checklistId),
    check('checklist_windows_starts_check', sql`${t.startsAt} between 0 and 1439`),
    check('checklist_windows_minutes_check', sql`${t.minutes} between 5 and 1440`),
  ],
);

/** The chosen restaurants of a chain template that is not for all of them. */
export const checklistRestaurants = pgTable(
  'checklist_restaurants',
  {
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.checklistId, t.restaurantId] }),
    index('checklist_restaurants_restaurant_idx').on(t.restaurantId),
  ],
);

/** A restaurant whose manager switched an unlocked chain template off there. */
export const checklistOptOuts = pgTable(
  'checklist_opt_outs',
  {
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.checklistId, t.restaurantId] })],
);

/**
 * One window of one restaurant on one local day: the record. Made ahead by the checklist
 * job (and on demand by the Today screen), one per (window, restaurant, day) whatever
 * the number of servers. `opens_at`/`closes_at` are the instants the window's local times
 * meant on that day (decision 032). Status: `open` until submitted (upcoming before
 * `opens_at`), `submitted` (late when after `closes_at`), or `missed` when it closed with
 * nothing submitted. Values can change only while `open` (a trigger refuses the rest).
 */
export const checklistRuns = pgTable(
  'checklist_runs',
  {
    id: id(),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => checklistVersions.id, { onDelete: 'restrict' }),
    windowId: uuid('window_id').references(() => checklistWindows.id, { onDelete: 'set null' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    localDay: date('local_day').notNull(),
    /** The window's local start and length when the record was made (minutes). */
    startsAt: integer('starts_at').notNull(),
    minutes: integer('minutes').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A submit sent from the offline outbox (issue 34): `submitted_at` is when it was made
     * (the device's time corrected by its clock offset, so a wrong phone clock cannot make
     * a late check look on time), `submit_received_at` when the server got it, and
     * `submit_clock_offset_seconds` how far the device's clock was off. Null when online.
     */
    submitReceivedAt: timestamp('submit_received_at', { withTimezone: true }),
    submitClockOffsetSeconds: integer('submit_clock_offset_seconds'),
    /** Items that failed when submitted (out of range, a critical "no", a failing choice). */
    failures: integer('failures').notNull().default(0),
    /** Whether "window open" was sent (once, by whichever server's job got there first). */
    openNotified: boolean('open_notified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checklist_runs_window_day_key').on(t.windowId, t.restaurantId, t.localDay),
    index('checklist_runs_restaurant_day_idx').on(t.restaurantId, t.localDay, t.opensAt),
    index('checklist_runs_open_closes_idx').on(t.closesAt).where(sql`${t.status} = 'open'`),
    // The hq dashboard's chain view of today (checklists-panel.ts): the open records of
    // each zone's local day that have opened, one range scan carrying what it counts.
    index('checklist_runs_open_day_idx')
      .on(t.localDay, t.opensAt, t.restaurantId, t.closesAt)
      .where(sql`${t.status} = 'open'`),
    index('checklist_runs_unnotified_idx').on(t.opensAt).where(sql`not ${t.openNotified}`),
    index('checklist_runs_checklist_idx').on(t.checklistId),
    check('checklist_runs_status_check', sql`${t.status} in ('open', 'submitted', 'missed')`),
    check('checklist_runs_submitted_check', sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`),
  ],
);

/**
 * A value entered in a record: who entered it and when the server received it. Saved as
 * it is entered (a reload loses nothing); once the record is submitted it never changes
 * (a trigger of migration 0024 refuses it): a correction is a row of its own.
 */
export const checklistValues = pgTable(
  'checklist_values',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => checklistRuns.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    /** The value as its kind stores it: true for a tick, 'yes'/'no', a number (°C for temperatures), text, a choice. */
    value: jsonb('value').$type<boolean | number | string | null>(),
    failed: boolean('failed').notNull().default(false),
    note: text('note'),
    enteredBy: text('entered_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Entered offline (issue 34): when, in server time (the device's time corrected by its
     * clock offset), and how far the device's clock was off. Null when saved online.
     */
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    clockOffsetSeconds: integer('clock_offset_seconds'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.itemId] })],
);

/** A manager's correction of a submitted value: the original stays, struck through, beside it. */
export const checklistCorrections = pgTable(
  'checklist_corrections',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => checklistRuns.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    value: jsonb('value').$type<boolean | number | string | null>(),
    failed: boolean('failed').notNull().default(false),
    reason: text('reason').notNull(),
    correctedBy: text('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklist_corrections_run_idx').on(t.runId, t.itemId, t.correctedAt)],
);

/** A manager's sign-off of a restaurant's food-safety log for a day or a week (its first day). */
export const checklistSignOffs = pgTable(
  'checklist_sign_offs',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    startsOn: date('starts_on').notNull(),
    signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedByName: text('signed_by_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.period, t.startsOn] }),
    check('checklist_sign_offs_period_check', sql`${t.period} in ('day', 'week')`),
  ],
);

/**
 * Per restaurant and local day, the records by outcome, kept by triggers on checklist_runs
 * (migration 0024) and never written by the app: the hq dashboard's chain view and Store
 * Performance's compliance read these instead of counting a year of records.
 */
export const checklistDayCounts = pgTable(
  'checklist_day_counts',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    localDay: date('local_day').notNull(),
    total: integer('total').notNull().default(0),
    onTime: integer('on_time').notNull().default(0),
    late: integer('late').notNull().default(0),
    missed: integer('missed').notNull().default(0),
    /** Records submitted with at least one failure. */
    failed: integer('failed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.localDay] }),
    // The hq dashboard's chain view (checklists-panel.ts): a week of every restaurant's
    // counters in one index-only range scan (1,985 buffers as a probe per restaurant at 1×,
    // ~30 this way). Counter updates are then never HOT; a restaurant's few a day.
    index('checklist_day_counts_day_idx').on(t.localDay, t.restaurantId, t.total, t.onTime, t.late, t.missed, t.failed),
  ],
);

/** A manager's sign-off of a submitted audit on the spot or later (issue 33): who, when, a comment. */
export const auditSignOffs = pgTable('audit_sign_offs', {
  auditId: uuid('audit_id')
    .primaryKey()
    .references(() => audits.id, { onDelete: 'cascade' }),
  signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
  signedByName: text('signed_by_name').notNull(),
  comment: text('comment'),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
});
