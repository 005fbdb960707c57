import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { auditItems, audits } from './audits';
import { createdAt, id } from './columns';
import { restaurants } from './restaurants';
import { trainings } from './trainings';
import { users } from './users';

/**
 * Findings that train (issue 20): a submitted audit's item marked Bad or Needs
 * improvement whose template item names a training suggests assigning that training to
 * the restaurant's staff. One suggestion per finding; the manager (or hq) assigns it in
 * one click or dismisses it. With the template's automatic assignment on, it is made
 * 'assigned' at submit.
 */
export const trainingSuggestions = pgTable(
  'training_suggestions',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    auditItemId: uuid('audit_item_id')
      .notNull()
      .references(() => auditItems.id, { onDelete: 'cascade' }),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('training_suggestions_finding_key').on(t.auditItemId),
    check('training_suggestions_status_check', sql`${t.status} in ('open', 'assigned', 'dismissed')`),
    index('training_suggestions_restaurant_open_idx').on(t.restaurantId, t.createdAt).where(sql`${t.status} = 'open'`),
    index('training_suggestions_audit_idx').on(t.auditId),
  ],
);
