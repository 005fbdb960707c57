import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** created_by goes null when its author is deleted; the screen then says "Deleted user". */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_created_at_idx').on(t.createdAt)],
);
