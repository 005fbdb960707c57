import { z } from 'zod';
import { API_SCOPES, type ApiScope } from '../api-scopes';
import { messages } from '../messages';
import { text } from './fields';

/**
 * API tokens (issue 37, decision 045): hq's screen and its routes. The token itself is
 * in the create answer only; Brigade keeps its SHA-256.
 */

/** How long a new token lasts, in days; null: until it is revoked. */
export const API_TOKEN_EXPIRIES = [30, 90, 365, null] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number];
export const DEFAULT_API_TOKEN_EXPIRY: ApiTokenExpiry = 90;

const scope = z.enum(API_SCOPES as [ApiScope, ...ApiScope[]], { error: messages.apiTokenScopesRequired });

export const ApiTokenInput = z.object({
  name: text({ error: messages.apiTokenNameRequired })
    .trim()
    .min(1, messages.apiTokenNameRequired)
    .max(100, 'Name must be at most 100 characters'),
  scopes: z
    .array(scope, { error: messages.apiTokenScopesRequired })
    .min(1, messages.apiTokenScopesRequired)
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: messages.apiTokenExpiryInvalid,
  }),
});
export type ApiTokenInput = z.input<typeof ApiTokenInput>;

export const ApiTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** Null: the token lasts until it is revoked. */
  expiresAt: z.string().nullable(),
  /** Noted at most once a minute per token. */
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenSummary = z.infer<typeof ApiTokenSummary>;

export const ApiTokenList = z.object({ items: z.array(ApiTokenSummary) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

/** The token itself is in this answer only: it is never shown again. */
export const ApiTokenCreated = ApiTokenSummary.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;
