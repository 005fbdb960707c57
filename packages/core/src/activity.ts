import { z } from 'zod';

/**
 * Every kind of entry the activity log (issue 36) keeps. Append new kinds at the end of
 * their group; a kind once written is never renamed (old entries keep it). The list
 * API's schemas are in `schemas/activity-log.ts` (decision 044).
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
  // API tokens (issue 37): hq makes and revokes them; calls made with one keep their own
  // kinds, with the token's name as actorLabel and details { via: 'apiToken', tokenId }
  'apiToken.created',
  'apiToken.revoked',
  // Temperature sensors (issue 37): hq registers, changes and retires devices, and issues their keys
  'sensorDevice.created',
  'sensorDevice.updated',
  'sensorDevice.retired',
  'sensorDevice.keyIssued',
  // Webhooks (issue 37): hq's endpoints; deliveries are in each endpoint's own log
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secretRotated',
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Days an entry is kept at least: the retention job drops whole UTC months older (ACTIVITY_LOG_RETENTION_DAYS). */
export const DEFAULT_ACTIVITY_LOG_RETENTION_DAYS = 400;

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
