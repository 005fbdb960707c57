import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { notifications } from './notifications';
import { users } from './users';

/**
 * A device's Web Push subscription (issue 34): turned on per device in Profile. The
 * endpoint is the push service's address for that browser; p256dh and auth its keys.
 * Removed when the push service answers 404 or 410 (the subscription is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the person sees in Profile to tell devices apart ("Chrome on Android"). */
    deviceLabel: text('device_label').notNull().default(''),
    createdAt: createdAt(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One notification to one device: made once per (notification, subscription) when the
 * push job fans a notification out, sent by whichever server claims it (FOR UPDATE SKIP
 * LOCKED), so each device is pushed each notification once across servers.
 * state: 'pending', 'sending' (claimed at claimed_at), 'sent', 'failed'.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
    check('push_deliveries_state_check', sql`${t.state} in ('pending', 'sending', 'sent', 'failed')`),
    index('push_deliveries_queue_idx').on(t.createdAt).where(sql`${t.state} in ('pending', 'sending')`),
  ],
);
