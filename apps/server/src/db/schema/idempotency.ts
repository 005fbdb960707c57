import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One change sent with an `Idempotency-Key` (issue 34): the offline outbox makes a key per
 * change, and sending it again (a retry, a second tab, two servers at once) answers the
 * stored reply instead of storing twice. The row is claimed before the change runs
 * (`state` 'running'), so a concurrent copy on another server waits for the reply rather
 * than running too. Kept at least 24 hours (purged after 48).
 *
 * recorded_at: when the change was made, on the device's clock (`X-Recorded-At`);
 * clock_offset_seconds: how far the device's clock was from the server's when it sent the
 * change (`X-Sent-At` against received_at), so recorded_at + offset is the server-time
 * moment it was made.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `METHOD url`: the same key for another request is refused (409). */
    request: text('request').notNull(),
    state: text('state').notNull().default('running'),
    statusCode: integer('status_code'),
    reply: jsonb('reply'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    clockOffsetSeconds: integer('clock_offset_seconds'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('idempotent_requests_state_check', sql`${t.state} in ('running', 'done')`),
    index('idempotent_requests_received_idx').on(t.receivedAt),
  ],
);
