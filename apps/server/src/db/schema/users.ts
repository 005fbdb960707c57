import { relations, sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * The spec's users table, which is also Better Auth's user model: Better Auth owns
 * id, email, emailVerified and image; role and isActive are its "additional fields".
 * Emails are stored lower-cased (the zod schema does it), so the plain unique
 * constraint is case-insensitive in effect.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('staff'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set by hq's temporary password (issue 20): the next sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The person's language (issue 22): 'en', 'nl' or 'fr'; null follows their browser. */
    language: text('language'),
    /**
     * The language the person's browser showed at their last sign-in (issue 22): what
     * their emails are written in while `language` is null, since an email cannot ask.
     */
    browserLanguage: text('browser_language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('staff', 'manager', 'hq')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_language_check', sql`${t.language} in ('en', 'nl', 'fr')`),
    check('users_browser_language_check', sql`${t.browserLanguage} in ('en', 'nl', 'fr')`),
    index('users_name_idx').on(t.name, t.id),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_role_active_idx').on(t.role, t.isActive),
    // Staff Management sorted by role or by status (issue 21): read in order, either direction.
    index('users_role_name_idx').on(t.role, t.name, t.id),
    index('users_active_name_idx').on(t.isActive, t.name, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Let Better Auth read a session with its user, and a user with their accounts, in one
 * query each (`advanced.database.joins`). The keys are the model names it joins by.
 */
export const sessionRelations = relations(sessions, ({ one }) => ({
  users: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const userRelations = relations(users, ({ many }) => ({ accounts: many(accounts) }));

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    // Rehash on sign-in (decision 049) finds an outdated hash by its value: only scrypt
    // hashes are indexed, so the index empties as people sign in again.
    index('accounts_outdated_password_idx').on(t.password).where(sql`${t.password} not like '$argon2%'`),
  ],
);

export const accountRelations = relations(accounts, ({ one }) => ({
  users: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
