import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { auditItems } from './audits';
import { id } from './columns';
import { trainings } from './trainings';
import { users } from './users';

// Who is to take which training. Not in trainings.ts: an assignment names the audit
// finding that caused it (issue 20) while audits.ts names a template item's training, so
// this file sits above both, and trainings.ts imports nothing of audits.ts.

/** One assignment per person and training; completed_at null means In Progress. */
export const staffTrainingAssignments = pgTable(
  'staff_training_assignments',
  {
    id: id(),
    staffId: text('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The audit finding that caused it (findings that train, issue 20); null for a plain assignment. */
    sourceAuditItemId: uuid('source_audit_item_id').references(() => auditItems.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('staff_training_assignments_staff_training_key').on(t.staffId, t.trainingId),
    index('staff_training_assignments_training_idx').on(t.trainingId),
    // Deleting an audit clears the link on the assignments its findings caused.
    index('staff_training_assignments_source_idx')
      .on(t.sourceAuditItemId)
      .where(sql`${t.sourceAuditItemId} is not null`),
    // A person's open assignments; by due date, so the overview's "next due" of a person
    // is the first entry (issue 21).
    index('staff_training_assignments_open_idx').on(t.staffId, t.dueAt).where(sql`${t.completedAt} is null`),
    // "Overdue Trainings" counts open assignments past their due date chain-wide.
    index('staff_training_assignments_overdue_idx').on(t.dueAt).where(sql`${t.completedAt} is null`),
    // The overview's per person figures (issue 21): their newest completion is the last
    // entry, their progress a count over their entries, read from the index alone.
    index('staff_training_assignments_staff_dates_idx').on(t.staffId, t.completedAt),
  ],
);

/**
 * Per person, how many trainings are assigned and how many of those are completed:
 * kept by statement-level triggers on staff_training_assignments (migration
 * 0007_training-totals-triggers.sql), never written by the app. Chain-wide counts and
 * the overview's "has assignments" then read one narrow row per person instead of
 * every assignment.
 */
export const staffTrainingTotals = pgTable(
  'staff_training_totals',
  {
    staffId: text('staff_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    completed: integer('completed').notNull().default(0),
  },
  (t) => [
    index('staff_training_totals_open_idx').on(t.staffId).where(sql`${t.total} > 0`),
    // The overview sorted by progress, unfiltered (issue 21): walked in order, a page at a time.
    index('staff_training_totals_progress_idx')
      .on(sql`(${t.completed}::float8 / ${t.total})`, t.staffId)
      .where(sql`${t.total} > 0`),
  ],
);
