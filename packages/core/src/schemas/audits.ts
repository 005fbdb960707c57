import { z } from 'zod';
import { messages } from '../messages';
import { AUDIT_MARKS } from '../scoring';
import { AuditSignOff } from './audit-sign-offs';
import { PageQuery, paged, sortQuery } from './common';
import { AuditItemAction } from './corrective-actions';
import { idField, text } from './fields';
import { PhotoRef } from './photos';
import { RestaurantRef } from './session';

export const AUDIT_STATUSES = ['draft', 'completed'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

const incomplete = { error: messages.newAuditIncomplete };

/** New audit (core §5): a restaurant, at least one template and an auditor, or one message. */
export const CreateAudit = z.object({
  restaurantId: z.uuid(incomplete),
  templateIds: z.array(z.uuid(incomplete), incomplete).min(1, messages.newAuditIncomplete).max(50),
  auditorId: text(incomplete).min(1, messages.newAuditIncomplete).max(100),
  /** The due audit (audit_due) this audit conducts: submitting it completes the entry. */
  dueId: z.uuid('Invalid id').optional(),
});
export type CreateAudit = z.input<typeof CreateAudit>;

export const PersonRef = z.object({ id: z.string(), name: z.string() });

export const AuditItem = z.object({
  id: z.string(),
  templateName: z.string(),
  itemText: z.string(),
  orderNum: z.number().int(),
  mark: z.enum(AUDIT_MARKS).nullable(),
  comment: z.string().nullable(),
  /** Photo evidence, oldest first (at most MAX_PHOTOS_PER_ITEM). */
  photos: z.array(PhotoRef),
  /** The finding's corrective actions (none on a draft). */
  actions: z.array(AuditItemAction),
  /** The training this finding suggested (issue 20: findings that train), absent or null when none. */
  trainingSuggestion: z
    .object({
      id: z.string(),
      status: z.enum(['open', 'assigned', 'dismissed']),
      training: z.object({ id: z.string(), title: z.string() }),
    })
    .nullish(),
});
export type AuditItem = z.infer<typeof AuditItem>;

/**
 * One audit as /audits/{id} shows it. `auditor` is null once that person is deleted. The
 * restaurant carries its time zone: the audit's times are shown as the restaurant's
 * (issue 33). `signOff`: the manager's sign-off, null until signed.
 */
export const AuditDetail = z.object({
  id: z.string(),
  restaurant: RestaurantRef.extend({ timeZone: z.string() }),
  auditor: PersonRef.nullable(),
  auditedAt: z.string(),
  status: z.enum(AUDIT_STATUSES),
  finalScore: z.number().int().nullable(),
  version: z.number().int(),
  templateNames: z.array(z.string()),
  items: z.array(AuditItem),
  signOff: AuditSignOff.nullable(),
});
export type AuditDetail = z.infer<typeof AuditDetail>;

/** Save Draft and Submit Audit send every item's mark and comment, and the version read. */
export const AuditItemsInput = z.object({
  version: z.number().int().min(1),
  items: z
    .array(
      z.object({
        id: idField,
        mark: z.enum(AUDIT_MARKS, { error: 'Mark must be bad, needs_improvement, good or excellent' }).nullable(),
        comment: text()
          .trim()
          .max(2000, 'A comment must be at most 2000 characters')
          .nullable()
          .transform((comment) => comment || null),
      }),
    )
    .max(2000),
});
export type AuditItemsInput = z.input<typeof AuditItemsInput>;

export const AuditListItem = z.object({
  id: z.string(),
  restaurant: RestaurantRef,
  auditorName: z.string().nullable(),
  auditedAt: z.string(),
  status: z.enum(AUDIT_STATUSES),
  finalScore: z.number().int().nullable(),
  templateNames: z.array(z.string()),
});
export type AuditListItem = z.infer<typeof AuditListItem>;

export const AuditPage = paged(AuditListItem);
export type AuditPage = z.infer<typeof AuditPage>;

/**
 * What the audit lists sort by: the date (newest first without a choice), the restaurant's
 * name, the auditor's name, the first template's name (by name), and the score (a draft,
 * which has none yet, below every score).
 */
export const AUDIT_SORTS = ['auditedAt', 'restaurant', 'auditor', 'template', 'score'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/**
 * hq: every audit, filtered by restaurant and status. Managers and staff: completed
 * audits of one of their restaurants (restaurantId) or of all of them. The CSV export
 * takes the same query (without the page).
 */
export const AuditListQuery = PageQuery.extend({
  restaurantId: idField.optional(),
  status: z.enum(AUDIT_STATUSES).optional(),
  ...sortQuery(AUDIT_SORTS).shape,
});
export type AuditListQuery = z.input<typeof AuditListQuery>;
