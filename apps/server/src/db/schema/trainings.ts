import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { auditItems } from './audits';
import { createdAt, id, updatedAt } from './columns';
import { uploads } from './uploads';
import { users } from './users';

export const trainingCategories = pgTable('training_categories', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The trainings list's sorts by date and by title, with the id that breaks ties (issue 21).
  (t) => [index('trainings_created_at_idx').on(t.createdAt, t.id), index('trainings_title_idx').on(t.title, t.id)],
);

/** A video is a URL or an uploaded file (storage key); order_num follows the playlist. */
export const trainingVideos = pgTable(
  'training_videos',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    videoUrl: text('video_url'),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'restrict' }),
    orderNum: integer('order_num').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('training_videos_module_order_idx').on(t.moduleId, t.orderNum),
    index('training_videos_upload_idx').on(t.uploadId),
  ],
);

/** Who played which video to the end: a training without a quiz completes on the last one. */
export const trainingVideoProgress = pgTable(
  'training_video_progress',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => trainingVideos.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.videoId] }), index('training_video_progress_video_idx').on(t.videoId)],
);

export const trainingCategoryAssignments = pgTable(
  'training_category_assignments',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => trainingCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.categoryId] }),
    index('training_category_assignments_category_idx').on(t.categoryId),
  ],
);

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
