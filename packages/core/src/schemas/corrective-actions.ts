import { z } from 'zod';
import { actionMessages } from '../messages';
import { AUDIT_MARKS } from '../scoring';
import { PageQuery, paged, sortQuery } from './common';
import { calendarDayField, idField, text } from './fields';
import { PhotoRef } from './photos';
import { RestaurantRef } from './session';

export const ACTION_STATUSES = ['open', 'resolved'] as const;

/** Owners a list row names; the rest are counted ("+ 3 more"). */
export const LIST_OWNER_NAMES = 3;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const ACTION_EVENT_KINDS = [
  'created',
  'resolved',
  'reopened',
  'reassigned',
  'due_changed',
  'photo_added',
] as const;
export type ActionEventKind = (typeof ACTION_EVENT_KINDS)[number];

/** Defaults of a template's due days, and their bounds (the template form, the server). */
export const DEFAULT_BAD_DUE_DAYS = 7;
export const DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS = 14;
export const MAX_DUE_DAYS = 365;

/** Today as a UTC calendar day, `YYYY-MM-DD`: the day "overdue" is measured against. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The one overdue rule: an action still open whose due day is before today (UTC). An
 * action due today is not overdue yet. The server's SQL says the same
 * (`status = 'open' and due_on < current UTC date`); the web uses this function.
 */
export function isActionOverdue(action: { status: ActionStatus; dueOn: string }, today = todayUtc()): boolean {
  return action.status === 'open' && action.dueOn < today;
}

/** `dueOn` plus `days` calendar days, as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((value) => value === 'true')
  .or(z.boolean());

/**
 * What the Actions screen sorts by. `status` is its order without a choice (decision 019):
 * open before resolved, then the earliest due first. `dueOn` is the due date alone,
 * `item` the finding's text, `restaurant` and `template` their names, `createdAt` when the
 * action was made.
 */
export const ACTION_SORTS = ['status', 'dueOn', 'item', 'restaurant', 'template', 'createdAt'] as const;
export type ActionSort = (typeof ACTION_SORTS)[number];

/**
 * The Actions screen: hq every restaurant (or one), managers the restaurant they name;
 * filters by status, overdue and template (its name, as the actions copy it). The CSV
 * export takes the same query (without the page).
 */
export const ActionListQuery = PageQuery.extend({
  restaurantId: idField.optional(),
  status: z.enum(ACTION_STATUSES, { error: 'Status must be open or resolved' }).optional(),
  overdue: booleanQuery.optional(),
  templateName: text().trim().min(1).max(200).optional(),
  ...sortQuery(ACTION_SORTS).shape,
});
export type ActionListQuery = z.input<typeof ActionListQuery>;

export const ActionListItem = z.object({
  id: z.string(),
  restaurant: RestaurantRef,
  auditId: z.string().nullable(),
  templateName: z.string(),
  itemText: z.string(),
  mark: z.enum(AUDIT_MARKS).nullable(),
  dueOn: z.string(),
  status: z.enum(ACTION_STATUSES),
  overdue: z.boolean(),
  /** The first owners by name (at most `LIST_OWNER_NAMES`), and how many there are in all. */
  ownerNames: z.array(z.string()),
  ownerCount: z.number().int(),
});
export type ActionListItem = z.infer<typeof ActionListItem>;

export const ActionPage = paged(ActionListItem);
export type ActionPage = z.infer<typeof ActionPage>;

export const ActionEvent = z.object({
  id: z.string(),
  kind: z.enum(ACTION_EVENT_KINDS),
  actorName: z.string(),
  note: z.string().nullable(),
  /** For reassigned and due_changed: what it was and what it became, as people read them. */
  detail: z.object({ from: z.string(), to: z.string() }).nullable(),
  at: z.string(),
});
export type ActionEvent = z.infer<typeof ActionEvent>;

export const ActionOwner = z.object({ id: z.string(), name: z.string(), role: z.string() });

/** One action as /actions/{id} shows it: the finding's context, who answers for it, and its history. */
export const ActionDetail = z.object({
  id: z.string(),
  restaurant: RestaurantRef,
  audit: z.object({ id: z.string(), auditedAt: z.string() }).nullable(),
  templateName: z.string(),
  itemText: z.string(),
  mark: z.enum(AUDIT_MARKS).nullable(),
  comment: z.string().nullable(),
  evidencePhotos: z.array(PhotoRef),
  /** Photos of the current fix: taken since the action was last reopened. */
  fixPhotos: z.array(PhotoRef),
  /** Photos of the fixes of earlier resolutions, set aside when the action was reopened. */
  earlierFixPhotos: z.array(PhotoRef),
  owners: z.array(ActionOwner),
  dueOn: z.string(),
  status: z.enum(ACTION_STATUSES),
  overdue: z.boolean(),
  resolution: z.object({ note: z.string(), resolvedAt: z.string(), resolvedBy: z.string().nullable() }).nullable(),
  events: z.array(ActionEvent),
  version: z.number().int(),
  /** The temperature excursion that opened the action (issue 37): its curve of readings is on its page. */
  sensorExcursionId: z.string().nullable().optional(),
});
export type ActionDetail = z.infer<typeof ActionDetail>;

const version = z.number({ error: 'Version is required' }).int().min(1);
const dueOnField = calendarDayField(actionMessages.dueInvalid);

/** hq adds an action from any item of a completed audit; due date and owners default as on submit. */
export const CreateAction = z.object({
  auditItemId: idField,
  dueOn: dueOnField.optional(),
  ownerIds: z.array(text().min(1).max(100)).min(1, actionMessages.ownersRequired).max(50).optional(),
});
export type CreateAction = z.input<typeof CreateAction>;

export const ResolveAction = z.object({
  note: text({ error: actionMessages.noteRequired })
    .trim()
    .min(1, actionMessages.noteRequired)
    .max(2000, 'A note must be at most 2000 characters'),
  version,
});
export type ResolveAction = z.input<typeof ResolveAction>;

export const ReopenAction = z.object({
  reason: text({ error: actionMessages.reasonRequired })
    .trim()
    .min(1, actionMessages.reasonRequired)
    .max(2000, 'A reason must be at most 2000 characters'),
  version,
});
export type ReopenAction = z.input<typeof ReopenAction>;

export const ReassignAction = z.object({
  ownerIds: z
    .array(text().min(1).max(100), { error: actionMessages.ownersRequired })
    .min(1, actionMessages.ownersRequired)
    .max(50),
  version,
});
export type ReassignAction = z.input<typeof ReassignAction>;

export const ChangeActionDue = z.object({ dueOn: dueOnField, version });
export type ChangeActionDue = z.input<typeof ChangeActionDue>;

/** People who may own an action of a restaurant: active hq, and active managers who reach it. */
export const ActionOwnerChoicesQuery = z.object({ restaurantId: idField });

/** Open and overdue actions, as the dashboards' and Store Performance's card shows them. */
export const ActionCounts = z.object({ open: z.number().int(), overdue: z.number().int() });
export type ActionCounts = z.infer<typeof ActionCounts>;

/** What the audit page shows of each finding's actions. */
export const AuditItemAction = z.object({
  id: z.string(),
  status: z.enum(ACTION_STATUSES),
  dueOn: z.string(),
  overdue: z.boolean(),
  /** Owners' names, by name: the audit page and its printed report show who answers for it. */
  owners: z.array(z.string()),
  resolutionNote: z.string().nullable(),
});
export type AuditItemAction = z.infer<typeof AuditItemAction>;
