import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { restaurants } from './restaurants';
import { users } from './users';

/**
 * Bearer tokens an identity provider (Microsoft Entra ID) provisions people with over
 * SCIM (issue 36, decision 041). Only the token's SHA-256 is kept: it is shown once, when
 * hq creates it. A revoked token stays listed (who made it, when it was last used).
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    /** Hex SHA-256 of the token: a 256-bit random secret needs no slow hash. */
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_token_hash_idx').on(t.tokenHash), index('scim_tokens_created_idx').on(t.createdAt)],
);

/** The identity provider's own id of a provisioned person (SCIM `externalId`), one per person. */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    /**
     * The name parts the provider sends (Brigade keeps one name): a PATCH of one part
     * (`name.familyName`) recomposes the person's name from the others.
     */
    givenName: text('given_name'),
    familyName: text('family_name'),
    formattedName: text('formatted_name'),
    displayName: text('display_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scim_users_external_id_idx').on(t.externalId)],
);

/** The identity provider's own id of a group it linked to a restaurant (SCIM Groups are restaurants). */
export const scimGroups = pgTable(
  'scim_groups',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scim_groups_external_id_idx').on(t.externalId)],
);
