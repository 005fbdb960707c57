import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * One in-app notification (issue 20), and the state of its email. `subject_key` names
 * what it is about (an assignment, an announcement and its version, a restaurant and a
 * week): the unique key (user, kind, subject) is what makes a reminder once-only across
 * servers and retried jobs, since every writer inserts with ON CONFLICT DO NOTHING.
 *
 * Email: 'none' (in-app only, or no SMTP), 'pending' (to send), 'sending' (claimed by a
 * worker at email_claimed_at; a claim older than a few minutes is taken over), 'sent',
 * 'failed' (not accepted within 24 hours, after email_attempts tries; mail/outbox.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /**
     * What the title and body are made from (core's NotificationParams of its kind), so
     * they are written again in the reader's language (issue 22); title and body keep the
     * English. Null for notifications made before languages: those show as written.
     */
    params: jsonb('params').$type<unknown[]>(),
    /** The screen it opens, an app path such as /my-trainings. */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailState: text('email_state').notNull().default('none'),
    emailClaimedAt: timestamp('email_claimed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /**
     * 'new' until the push job has made its deliveries to the person's devices (issue 34),
     * then 'done'. Every writer's INSERT gets 'new' by default; the job does the rest.
     */
    pushState: text('push_state').notNull().default('new'),
  },
  (t) => [
    unique('notifications_once_key').on(t.userId, t.kind, t.subjectKey),
    check('notifications_email_state_check', sql`${t.emailState} in ('none', 'pending', 'sending', 'sent', 'failed')`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('notifications_push_state_check', sql`${t.pushState} in ('new', 'done')`),
    index('notifications_push_new_idx').on(t.createdAt).where(sql`${t.pushState} = 'new'`),
    index('notifications_email_queue_idx').on(t.createdAt).where(sql`${t.emailState} in ('pending', 'sending')`),
    // The health line counts emails given up lately without reading the whole history.
    index('notifications_email_failed_idx').on(t.emailClaimedAt).where(sql`${t.emailState} = 'failed'`),
  ],
);

/** Per person and kind, whether it also goes by email; no row is the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Each person's notification total and unread count, kept by statement-level triggers on
 * notifications (migration 0015) as decision 016 keeps the chain's counts: the bell's count
 * and the list's totals read one row instead of counting a long history on every request.
 */
export const notificationCounts = pgTable('notification_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  unread: integer('unread').notNull().default(0),
});
