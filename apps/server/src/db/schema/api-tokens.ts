import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * hq's API tokens (issue 37, decision 045): a token acts as the hq person who made it,
 * limited to its scopes. Only the token's SHA-256 is kept: it is shown once. A revoked
 * or expired token stays listed (who made it, when and from where it was last used).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    /** Hex SHA-256 of the token: a 256-bit random secret needs no slow hash. */
    tokenHash: text('token_hash').notNull(),
    /** `<area>:read|write` (core's api-scopes.ts). */
    scopes: text('scopes').array().notNull(),
    /** Whose reach the token has; a deleted creator leaves the token listed and refused. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token, not on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_idx').on(t.tokenHash), index('api_tokens_created_idx').on(t.createdAt)],
);
