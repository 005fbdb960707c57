import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits';
import { idField } from './schemas/fields';

/**
 * Every kind of entry the activity log (issue 36) keeps. Append new kinds at the end of
 * their group; a kind once written is never renamed (old entries keep it).
 */
export const ACTIVITY_KINDS = [
  // Signing in and out, passwords (auth hooks, Profile)
  'auth.signIn',
  'auth.signInFailed',
  'auth.signOut',
  'auth.passwordChanged',
  'auth.passwordReset',
  'auth.ssoLinked',
  // People (users service)
  'user.created',
  'user.updated',
  'user.deleted',
  // Restaurants
  'restaurant.created',
  'restaurant.updated',
  'restaurant.deleted',
  // Records
  'audit.submitted',
  'audit.deleted',
  'correctiveAction.created',
  'correctiveAction.updated',
  'correctiveAction.deleted',
  'checklistRun.corrected',
  // Settings (the log's own retention, providers, tokens…)
  'setting.changed',
  // A list exported as CSV: details { list, rows }
  'export',
  // Passkeys
  'passkey.added',
  'passkey.removed',
  // Provisioning (SCIM): tokens hq manages; calls add their own 'scim.*' kinds
  'scimToken.created',
  'scimToken.revoked',
  // Provisioning (SCIM) calls that change something; actorLabel is the token's name
  'scim.userCreated',
  'scim.userUpdated',
  'scim.userDeactivated',
  'scim.userDeleted',
  'scim.groupLinked',
  'scim.groupUpdated',
  'scim.groupUnlinked',
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Kinds about signing in and credentials: managers do not see other people's (issue 36). */
export const isSignInKind = (kind: string): boolean => kind.startsWith('auth.') || kind.startsWith('passkey.');

/** Months an entry stays before the retention job drops its month (ACTIVITY_LOG_RETENTION_DAYS). */
export const DEFAULT_ACTIVITY_LOG_RETENTION_DAYS = 400;

/** One changed field: its value before and after (never a secret). */
export const ActivityChange = z.object({ from: z.unknown(), to: z.unknown() });

/** One entry as the list API answers it. */
export const ActivityEntryView = z.object({
  id: z.string(),
  /** Server time, ISO 8601. */
  at: z.string(),
  segment: z.string(),
  seq: z.number().int(),
  kind: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name now, or the label recorded (an SCIM token's name, the email tried). */
  actorName: z.string().nullable(),
  actorLabel: z.string().nullable(),
  restaurantId: z.string().nullable(),
  restaurantName: z.string().nullable(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  objectLabel: z.string().nullable(),
  changes: z.record(z.string(), ActivityChange).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActivityEntryView = z.infer<typeof ActivityEntryView>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Date must be an ISO 8601 date and time' });

/** `GET /api/activity`: filters, and a page. */
export const ActivityQuery = z.object({
  actorId: idField.optional(),
  restaurantId: idField.optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: 'Unknown activity kind' }).optional(),
  /** From this instant (inclusive) … */
  from: isoDateTime.optional(),
  /** … to this instant (exclusive). */
  to: isoDateTime.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityPage = z.object({
  items: z.array(ActivityEntryView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

/** `POST /api/activity/verify`: what `verifyActivityLog` found. */
export const ActivityVerification = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBroken: z
    .object({
      segment: z.string(),
      seq: z.number().int(),
      id: z.string().nullable(),
      reason: z.enum(['changed', 'removed']),
    })
    .optional(),
});
export type ActivityVerification = z.infer<typeof ActivityVerification>;

/** `POST /api/activity/exports`: a list exported in the browser. */
export const ActivityExport = z.object({
  list: z.string().trim().min(1).max(100),
  rows: z.number().int().min(0).max(10_000_000),
});
export type ActivityExport = z.infer<typeof ActivityExport>;
