import { type SQL, sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants';

/**
 * The hq charts' figures, kept by statement-level triggers in the writing transaction
 * (migration 0036_dashboard-counts.sql, docs/decisions/050) and never written by the
 * app: a chart reads one narrow row per restaurant or per week instead of every person,
 * assignment or audit of the chain.
 */

/**
 * Per restaurant, the training assignments of its active staff and managers: assigned
 * and completed (the sums of their `staff_training_totals`). A person working at two
 * restaurants counts at both. Kept on changes to those totals, to who works where, and to
 * a person's `is_active` and `role`; the restaurant's own `is_active` is read with it.
 */
export const restaurantTrainingTotals = pgTable('restaurant_training_totals', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

/**
 * Completed audits per restaurant and ISO week in UTC (`week_start`, the Monday of
 * `audited_at` at UTC): how many, and the sum of their final scores, so an average is
 * score_sum ÷ audits. Kept on every insert, update and delete of audits.
 */
export const restaurantAuditWeeks = pgTable(
  'restaurant_audit_weeks',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    audits: integer('audits').notNull(),
    scoreSum: bigint('score_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.weekStart] })],
);

/** The same over the whole chain: one row per week. */
export const chainAuditWeeks = pgTable('chain_audit_weeks', {
  weekStart: date('week_start', { mode: 'string' }).primaryKey(),
  audits: integer('audits').notNull(),
  scoreSum: bigint('score_sum', { mode: 'number' }).notNull(),
});

/**
 * An average score to one decimal, as a number, from a sum of scores and their count as
 * the week counters keep them (null over no audits): the numeric division `avg` makes,
 * so the same figure and the same rounding as averaging the audits themselves.
 */
export const averageOfWeeks = (scoreSum: SQL, audits: SQL) =>
  sql<number | null>`round(${scoreSum}::numeric / nullif(${audits}, 0), 1)::float8`;
