import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
