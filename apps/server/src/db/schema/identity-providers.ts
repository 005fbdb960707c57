import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * An OpenID Connect identity provider hq added in Settings (issue 36, docs/decisions/040).
 * The one from OIDC_* environment variables is not stored: it lives in the configuration.
 * People who sign in through it are linked in Better Auth's `accounts` table, with
 * provider id `oidc:<id>` and the provider's `sub` as account id.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: id(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM under a key derived from the auth secret (auth/sso/secret-box.ts); never returned. */
    clientSecret: text('client_secret').notNull(),
    /** Lower-case email domains whose people may sign in (and be linked or created) through it. */
    allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
    /** Just-in-time accounts: an unknown person of an allowed domain becomes staff, no restaurant. */
    jit: boolean('jit').notNull().default(false),
    /** Group id (as the `groups` claim names it) → role; empty: roles are set in Brigade only. */
    groupRoles: jsonb('group_roles').$type<Record<string, string>>().notNull().default({}),
    /** False: people of the allowed domains cannot sign in with a password (refused by the server). */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('identity_providers_issuer_check', sql`${t.issuer} ~ '^https?://'`)],
);
