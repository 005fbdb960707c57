import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Facts about this database itself, such as whether the demo chain was loaded into it. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
