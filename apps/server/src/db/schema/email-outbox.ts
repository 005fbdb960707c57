import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Emails that are not notifications (today: password-reset links), queued to be sent by
 * the same sender and under the same rules as notification emails (mail/outbox.ts,
 * decision 022): retried with growing waits for 24 hours after `created_at`, claimed one
 * at a time with FOR UPDATE SKIP LOCKED. The email_* columns are named as on
 * `notifications` so one claim statement serves both tables.
 *
 * email_state: 'pending', 'sending' (claimed at email_claimed_at), 'sent', 'failed' (not
 * accepted by the mail server within 24 hours), 'expired' (a reset link no longer valid
 * when it could go), 'dropped' (the account was deactivated first). `token` is the reset
 * link's token while the email may still go; it is cleared once the row is settled.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    token: text('token'),
    /** The language it is written in, decided when it was asked for. */
    language: text('language'),
    createdAt: createdAt(),
    emailState: text('email_state').notNull().default('pending'),
    emailClaimedAt: timestamp('email_claimed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailAttempts: integer('email_attempts').notNull().default(0),
  },
  (t) => [
    check('email_outbox_kind_check', sql`${t.kind} in ('passwordReset')`),
    check(
      'email_outbox_email_state_check',
      sql`${t.emailState} in ('pending', 'sending', 'sent', 'failed', 'expired', 'dropped')`,
    ),
    index('email_outbox_queue_idx').on(t.createdAt).where(sql`${t.emailState} in ('pending', 'sending')`),
    index('email_outbox_failed_idx').on(t.emailClaimedAt).where(sql`${t.emailState} = 'failed'`),
  ],
);
