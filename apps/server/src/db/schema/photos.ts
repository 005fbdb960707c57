import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditItems } from './audits';
import { checklistRuns } from './checklists';
import { createdAt, id } from './columns';
import { correctiveActions } from './corrective-actions';
import { users } from './users';

/**
 * A photo: evidence on an audit item, the proof of a fix on a corrective action, or a
 * checklist record's item (exactly one of the three). The uploaded original is never kept: the server stores a
 * display size (≤ 1600 px) and a thumbnail (≤ 320 px), both without metadata, in file
 * storage under `display_key` and `thumb_key`. Deleting the row does not delete the
 * files: whoever deletes the row removes them (storage is outside the transaction).
 */
export const photos = pgTable(
  'photos',
  {
    id: id(),
    auditItemId: uuid('audit_item_id').references(() => auditItems.id, { onDelete: 'cascade' }),
    correctiveActionId: uuid('corrective_action_id').references(() => correctiveActions.id, {
      onDelete: 'cascade',
    }),
    /** A photo of a checklist record's item (issue 33): the run and the item's id in its version. */
    checklistRunId: uuid('checklist_run_id').references(() => checklistRuns.id, { onDelete: 'cascade' }),
    checklistItemId: text('checklist_item_id'),
    displayKey: text('display_key').notNull().unique(),
    thumbKey: text('thumb_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    displayBytes: integer('display_bytes').notNull(),
    thumbBytes: integer('thumb_bytes').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'photos_one_owner_check',
      sql`num_nonnulls(${t.auditItemId}, ${t.correctiveActionId}, ${t.checklistRunId}) = 1`,
    ),
    index('photos_audit_item_idx').on(t.auditItemId, t.createdAt),
    index('photos_corrective_action_idx').on(t.correctiveActionId, t.createdAt),
    index('photos_checklist_run_idx').on(t.checklistRunId, t.checklistItemId, t.createdAt),
    check('photos_checklist_item_check', sql`(${t.checklistRunId} is null) = (${t.checklistItemId} is null)`),
  ],
);
