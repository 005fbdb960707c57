import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditItems, audits } from './audits';
import { checklistRuns } from './checklists';
import { createdAt, id, updatedAt } from './columns';
import { restaurants } from './restaurants';
import { sensorExcursions } from './sensors';
import { users } from './users';

/**
 * The follow-up of a finding: made when an audit is submitted, one per item marked Bad
 * or Needs improvement, or added by the auditor from any item. `restaurant_id` is the
 * audit's, copied so lists filter and count by restaurant without a join; `item_text`
 * and `comment` are copied from the item so the action reads the same after the audit
 * is deleted (history survives edits, decision 002). `version` grows with every change,
 * so a second person changing the same action is told instead of overwriting.
 */
export const correctiveActions = pgTable(
  'corrective_actions',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    auditId: uuid('audit_id').references(() => audits.id, { onDelete: 'set null' }),
    auditItemId: uuid('audit_item_id').references(() => auditItems.id, { onDelete: 'set null' }),
    /** A checklist failure's record and item (issue 33); `template_name` is then the checklist's name. */
    checklistRunId: uuid('checklist_run_id').references(() => checklistRuns.id, { onDelete: 'set null' }),
    checklistItemId: text('checklist_item_id'),
    /** A temperature sensor's excursion (issue 37); `template_name` is then the device's name. */
    sensorExcursionId: uuid('sensor_excursion_id').references(() => sensorExcursions.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    itemText: text('item_text').notNull(),
    /** The item's mark when the action was made ('bad', 'needs_improvement', or another mark for an added action). */
    mark: text('mark'),
    comment: text('comment'),
    dueOn: date('due_on').notNull(),
    status: text('status').notNull().default('open'),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('corrective_actions_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('corrective_actions_resolved_check', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    index('corrective_actions_restaurant_status_due_idx').on(t.restaurantId, t.status, t.dueOn),
    // The chain's Actions list in its default order (status, due_on, id): a page reads its rows and no more.
    index('corrective_actions_status_due_idx').on(t.status, t.dueOn, t.id),
    index('corrective_actions_created_idx').on(t.createdAt, t.id),
    // The Actions list sorted by due date alone, or by template (issue 21); the id breaks ties.
    index('corrective_actions_due_idx').on(t.dueOn, t.id),
    index('corrective_actions_template_name_idx').on(t.templateName, t.id),
    index('corrective_actions_audit_idx').on(t.auditId),
    index('corrective_actions_audit_item_idx').on(t.auditItemId),
    // One action per failed item of a record, however many servers submit it.
    uniqueIndex('corrective_actions_checklist_item_key').on(t.checklistRunId, t.checklistItemId),
    // One action per excursion, however many servers evaluate it.
    uniqueIndex('corrective_actions_sensor_excursion_key').on(t.sensorExcursionId),
    // The Actions screen's search (ILIKE '%text%'): trigram indexes, as for people and restaurants.
    index('corrective_actions_item_text_trgm_idx').using('gin', t.itemText.op('gin_trgm_ops')),
    index('corrective_actions_comment_trgm_idx').using('gin', t.comment.op('gin_trgm_ops')),
    index('corrective_actions_template_name_trgm_idx').using('gin', t.templateName.op('gin_trgm_ops')),
  ],
);

/**
 * Who answers for an action: by default the restaurant's managers; hq may reassign.
 * `user_name` is the owner's name as `users` has it now, kept by triggers (migration 0037,
 * docs/decisions/051): set on every insert, whoever inserts, and rewritten when the person
 * is renamed. A list row names its first owners by name from the (action_id, user_name)
 * index instead of reading every owner's person (40 of them at a shared restaurant).
 */
export const correctiveActionOwners = pgTable(
  'corrective_action_owners',
  {
    actionId: uuid('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Written by the insert trigger, never by the app: the default is only what the trigger replaces. */
    userName: text('user_name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.userId] }),
    index('corrective_action_owners_user_idx').on(t.userId),
    index('corrective_action_owners_name_idx').on(t.actionId, t.userName),
  ],
);

/**
 * Every change to an action, oldest first: who (their name copied, so it survives the
 * person's deletion), when, what (`kind`) and the note or reason given.
 */
export const correctiveActionEvents = pgTable(
  'corrective_action_events',
  {
    id: id(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => correctiveActions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    note: text('note'),
    /** What changed, for kinds that change a value (owners, due date): `{ from, to }`. */
    detail: text('detail'),
    at: createdAt(),
  },
  (t) => [
    check(
      'corrective_action_events_kind_check',
      sql`${t.kind} in ('created', 'resolved', 'reopened', 'reassigned', 'due_changed', 'photo_added')`,
    ),
    index('corrective_action_events_action_idx').on(t.actionId, t.at),
  ],
);

/**
 * Open actions per due day, kept by statement-level triggers on corrective_actions
 * (migration 0013, docs/decisions/019) as open_assignments_by_due_day is for trainings
 * (decision 016): the chain's open actions are the sum of every day, its overdue ones the
 * sum of the days before today (UTC). A day whose count falls to 0 is deleted.
 */
export const openActionsByDueDay = pgTable('open_actions_by_due_day', {
  dueOn: date('due_on').primaryKey(),
  open: integer('open').notNull(),
});

/**
 * Resolved actions per due day, kept by the same kind of statement-level triggers (migration
 * 0037, docs/decisions/051): with open_actions_by_due_day they give the chain's Actions list
 * its exact total for every status and overdue filter as sums over days, not counts of
 * 570,000 actions. A day whose count falls to 0 is deleted.
 */
export const resolvedActionsByDueDay = pgTable('resolved_actions_by_due_day', {
  dueOn: date('due_on').primaryKey(),
  resolved: integer('resolved').notNull(),
});
