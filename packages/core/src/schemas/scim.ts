import { z } from 'zod';
import { text } from './fields';

/**
 * Provisioning (SCIM 2.0, issue 36, decision 041): the tokens hq makes for an identity
 * provider, and the SCIM bodies Brigade accepts at /scim/v2. SCIM's own names stay as
 * RFC 7643/7644 spell them (`userName`, `Operations`); Microsoft Entra ID's forms too
 * (capitalised ops, "True"/"False" strings).
 */

export const scimMessages = {
  tokenNameRequired: 'Name the token after the system that will use it',
  tokenNotFound: 'Token not found',
  tokenMissing: 'A bearer token is required: create one under Provisioning.',
  tokenInvalid: 'This token is not valid or has been revoked.',
  invalidJson: 'The request body is not valid JSON.',
  userNameTaken: 'userName is already taken',
  externalIdTaken: 'externalId is already taken',
  userNotFound: 'User not found',
  groupNotFound: 'Group not found',
  userNameNotEmail: 'userName must be an email address: Brigade signs people in with it',
  groupUnknown:
    'Brigade creates no restaurants over SCIM: name the group after a restaurant that exists in Brigade (groups are restaurants).',
  groupRenameRefused: 'Restaurants are renamed in Brigade, not by provisioning.',
  filterUnsupported:
    'Filter on userName, externalId or id with eq (and "and"); on displayName, externalId or id for groups.',
  patchPathUnsupported: 'This attribute cannot be changed by provisioning',
  lastHq: 'Brigade needs at least one active head office account.',
} as const;

// ---------------------------------------------------------------------------------------
// The token screen (hq)

export const ScimTokenInput = z.object({
  name: text({ error: scimMessages.tokenNameRequired })
    .trim()
    .min(1, scimMessages.tokenNameRequired)
    .max(100, 'Name must be at most 100 characters'),
});
export type ScimTokenInput = z.infer<typeof ScimTokenInput>;

export const ScimTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimTokenSummary = z.infer<typeof ScimTokenSummary>;

export const ScimTokenList = z.object({ items: z.array(ScimTokenSummary), endpoint: z.string() });
export type ScimTokenList = z.infer<typeof ScimTokenList>;

/** The token itself is in this answer only: it is never shown again. */
export const ScimTokenCreated = ScimTokenSummary.extend({ token: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreated>;

// ---------------------------------------------------------------------------------------
// SCIM bodies

const SCIM_TEXT_MAX = 1000;
const scimText = () => text().max(SCIM_TEXT_MAX);

/** SCIM's boolean as Entra ID sends it: true/false, or the strings "True"/"False" (any case). */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i, 'Expected true or false')
    .transform((value) => value.toLowerCase() === 'true'),
]);

const ScimEmail = z.looseObject({
  value: scimText().optional(),
  type: scimText().optional(),
  primary: scimBoolean.optional(),
});

export const ScimName = z.looseObject({
  givenName: scimText().nullish(),
  familyName: scimText().nullish(),
  formatted: scimText().nullish(),
});

/** A User as POST and PUT send it; attributes Brigade does not keep are accepted and ignored. */
export const ScimUserBody = z.looseObject({
  schemas: z.array(scimText()).max(20).optional(),
  userName: scimText().trim().min(1, 'userName is required'),
  externalId: scimText().nullish(),
  displayName: scimText().nullish(),
  active: scimBoolean.optional(),
  name: ScimName.optional(),
  emails: z.array(ScimEmail).max(20).optional(),
});
export type ScimUserBody = z.infer<typeof ScimUserBody>;

export const ScimPatchOperation = z.looseObject({
  op: z
    .string()
    .regex(/^(add|replace|remove)$/i, 'op must be add, replace or remove')
    .transform((op) => op.toLowerCase() as 'add' | 'replace' | 'remove'),
  path: scimText().optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof ScimPatchOperation>;

export const ScimPatchBody = z.looseObject({
  schemas: z.array(scimText()).max(20).optional(),
  Operations: z.array(ScimPatchOperation).min(1, 'Operations is required').max(1000),
});
export type ScimPatchBody = z.infer<typeof ScimPatchBody>;

const ScimMember = z.looseObject({ value: scimText() });

export const ScimGroupBody = z.looseObject({
  schemas: z.array(scimText()).max(20).optional(),
  displayName: scimText().trim().min(1, 'displayName is required'),
  externalId: scimText().nullish(),
  members: z.array(ScimMember).max(10_000).optional(),
});
export type ScimGroupBody = z.infer<typeof ScimGroupBody>;

/** A list's query: SCIM's startIndex is 1-based (below 1 counts as 1) and count is capped. */
export const SCIM_MAX_COUNT = 200;
export const ScimListQuery = z.looseObject({
  filter: scimText().optional(),
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.max(1, Math.min(n, 1_000_000_000)))
    .default(1),
  count: z.coerce
    .number()
    .int()
    .catch(100)
    .transform((n) => Math.max(0, Math.min(n, SCIM_MAX_COUNT)))
    .default(100),
  attributes: scimText().optional(),
  excludedAttributes: scimText().optional(),
});
export type ScimListQuery = z.infer<typeof ScimListQuery>;

export const ScimIdParams = z.object({ id: text().max(200) });
