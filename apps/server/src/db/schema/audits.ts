import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { restaurants } from './restaurants';
import { trainings } from './trainings';
import { users } from './users';

export const auditTemplates = pgTable('audit_templates', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Days a corrective action has, by the mark of its finding (issue 19; a setting per template). */
  badDueDays: integer('bad_due_days').notNull().default(7),
  needsImprovementDueDays: integer('needs_improvement_due_days').notNull().default(14),
  /** Findings that train (issue 20): assign an item's training at submit instead of suggesting it. */
  autoAssignTraining: boolean('auto_assign_training').notNull().default(false),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const auditTemplateItems = pgTable(
  'audit_template_items',
  {
    id: id(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => auditTemplates.id, { onDelete: 'cascade' }),
    itemText: text('item_text').notNull(),
    orderNum: integer('order_num').notNull(),
    /** The training a finding on this item suggests ("Hand wash stocked" → "Hand hygiene"; issue 20). */
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('audit_template_items_template_order_idx').on(t.templateId, t.orderNum),
    index('audit_template_items_training_idx').on(t.trainingId),
  ],
);

/**
 * A restaurant audit. `version` grows with every save so that a second editor of the
 * same draft is told it changed instead of overwriting it. A completed audit always
 * carries its final score.
 */
export const audits = pgTable(
  'audits',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    auditedBy: text('audited_by').references(() => users.id, { onDelete: 'set null' }),
    auditedAt: timestamp('audited_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('draft'),
    finalScore: integer('final_score'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('audits_status_check', sql`${t.status} in ('draft', 'completed')`),
    check('audits_final_score_check', sql`${t.finalScore} between 0 and 100`),
    check('audits_completed_scored_check', sql`${t.status} = 'draft' or ${t.finalScore} is not null`),
    index('audits_restaurant_audited_at_idx').on(t.restaurantId, t.auditedAt),
    index('audits_audited_at_idx').on(t.auditedAt),
    index('audits_drafts_idx').on(t.restaurantId).where(sql`${t.status} = 'draft'`),
    index('audits_audited_by_idx').on(t.auditedBy),
    // The audit list sorted by score (issue 21): a draft, without a score, below every score.
    index('audits_score_idx').on(sql`coalesce(${t.finalScore}, -1)`, t.id),
  ],
);

/** Which templates an audit was built from; the name is kept for when a template goes. */
export const auditTemplateAssignments = pgTable(
  'audit_template_assignments',
  {
    id: id(),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => auditTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
  },
  (t) => [
    unique('audit_template_assignments_audit_template_key').on(t.auditId, t.templateId),
    index('audit_template_assignments_template_idx').on(t.templateId),
    // An audit's template names without reading the table: the list's names, its sort by the first one.
    index('audit_template_assignments_audit_name_idx').on(t.auditId, t.templateName),
  ],
);

/**
 * One assessed line. The item's text and its template's name are copied in when the
 * audit is created, so editing or deleting the template never changes a past audit.
 */
export const auditItems = pgTable(
  'audit_items',
  {
    id: id(),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    templateItemId: uuid('template_item_id').references(() => auditTemplateItems.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    itemText: text('item_text').notNull(),
    orderNum: integer('order_num').notNull(),
    mark: text('mark'),
    comment: text('comment'),
  },
  (t) => [
    check('audit_items_mark_check', sql`${t.mark} in ('bad', 'needs_improvement', 'good', 'excellent')`),
    index('audit_items_audit_order_idx').on(t.auditId, t.orderNum),
  ],
);
