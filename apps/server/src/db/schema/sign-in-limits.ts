import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Better Auth's rate limiter, one row per client address and path (the columns of its
 * own database storage), kept by `auth/address-rate-limit.ts` so that every server of
 * one chain counts the same requests.
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch, as Better Auth writes it. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Sign-in attempts per account (lower-cased email, known or not) in the current
 * window, shared by every server: see `auth/account-sign-in-limit.ts`.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    email: text('email').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_window_ends_idx').on(t.windowEndsAt)],
);
