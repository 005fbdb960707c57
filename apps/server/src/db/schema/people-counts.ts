import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many people the chain has, per role and active or not, kept by statement-level
 * triggers on `users` in the writing transaction (migration 0037_people-counts.sql,
 * docs/decisions/052) and never written by the app: every write path (hq's staff screens,
 * SCIM, deactivation, deletes, the demo loader, imports) moves it, on any server. At most
 * six rows; a row is locked only by a statement that moves its count.
 */
export const peopleCounts = pgTable(
  'people_counts',
  {
    role: text('role').notNull(),
    isActive: boolean('is_active').notNull(),
    people: bigint('people', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.isActive] })],
);

/** Everyone in the chain, of every role, active or not (Staff Management's unfiltered total): six rows summed. */
export const everyoneCounted = sql<number>`(select coalesce(sum(${peopleCounts.people}), 0)::int from ${peopleCounts})`;
