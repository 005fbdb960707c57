import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Better Auth's rate limiter, one row per client address and path (the columns of its
 * own database storage), kept by `auth/address-rate-limit.ts` so that every server of
 * one chain counts the same requests. `id` is the key: a second unique index on `key`
 * would not be the upsert's arbiter, and two first requests at once would collide on it.
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch, as Better Auth writes it. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Failed sign-in attempts per account (lower-cased email, known or not) from any address
 * in the current window, shared by every server: past a ceiling they slow further attempts
 * down (`retry_at`), see `auth/account-sign-in-limit.ts`.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    email: text('email').primaryKey(),
    count: integer('count').notNull(),
    /** Runs on from the last failure: guessing that goes on never starts a fresh count. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** The next attempt from an address the account has not signed in from is refused before this. */
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * Failed sign-in attempts on one account from one client address, and when the account
 * last signed in from there (an address it is known at is not slowed down by guessing
 * from elsewhere), shared by every server: see `auth/account-sign-in-limit.ts`.
 */
export const signInAddressAttempts = pgTable(
  'sign_in_address_attempts',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.address] }),
    index('sign_in_address_attempts_window_ends_idx').on(t.windowEndsAt),
  ],
);
