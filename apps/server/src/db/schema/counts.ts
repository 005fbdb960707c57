import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Chain-wide counts, one row per name (CHAIN_COUNTS), kept by statement-level triggers
 * (migration 0010_chain-counts.sql, docs/decisions/016) and never written by the app:
 * the hq dashboard and the overview read them instead of counting 20,000 people or
 * 400,000 assignments on every request, and every server sharing the database reads
 * the same committed numbers.
 */
export const chainCounts = pgTable('chain_counts', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** The names of chain_counts' rows, each created by the migration. */
export const CHAIN_COUNTS = {
  /** Restaurants with is_active. */
  activeRestaurants: 'active_restaurants',
  /** Active people of role staff or manager. */
  activePeople: 'active_people',
  /** People with at least one training assignment (staff_training_totals.total > 0). */
  peopleWithAssignments: 'people_with_assignments',
  /** Training assignments not completed. */
  openAssignments: 'open_assignments',
  /** Audits in draft (pending). */
  draftAudits: 'draft_audits',
  /** Every audit, draft or completed. */
  audits: 'audits',
  /** Every announcement (migration 0044). */
  announcements: 'announcements',
  /** Announcements with requires_ack. */
  announcementsRequiringAck: 'announcements_requiring_ack',
} as const;

type ChainCount = (typeof CHAIN_COUNTS)[keyof typeof CHAIN_COUNTS];

/** A FROM of one row, to select the counts' scalar subqueries on their own. */
export const oneRow = sql`(select 1) as one`;

/** One chain-wide count as a scalar subquery: a primary-key lookup. */
export const chainCount = (name: ChainCount) =>
  sql<number>`(select ${chainCounts.value}::int from ${chainCounts} where ${chainCounts.name} = ${name})`;

/**
 * Open (not completed) assignments with a due date, counted per UTC day of that date,
 * kept by the same triggers. "Overdue" moves with the clock, so it cannot be a counter:
 * every day before today is overdue in full, and only today's few assignments are
 * compared with now() (core `isOverdue`). Days whose count falls to 0 are deleted.
 */
export const openAssignmentsByDueDay = pgTable('open_assignments_by_due_day', {
  dueDay: date('due_day').primaryKey(),
  open: integer('open').notNull(),
});
