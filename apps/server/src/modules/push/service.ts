import type { PushDevice, PushDeviceList, PushSubscriptionInput } from '@brigade/core/schemas/push';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { pushSubscriptions } from '../../db/schema/push';
import type { JobQueue } from '../../jobs/job-queue';
import { PUSH_NOTIFICATIONS_JOB } from '../../notify/notifier';
import type { PushSender } from '../../push/sender';
import { makePushDeliveries, type PushRun, sendDuePushes } from './deliveries';

/** My devices that receive push notifications, oldest first. */
export async function listDevices(db: Queryable, userId: string): Promise<PushDeviceList> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return { items: rows.map(deviceOf) };
}

/**
 * Turns push on for the caller's device. A browser has one subscription per app, so the
 * endpoint names the device: subscribing it again updates its keys, and a shared tablet
 * where someone else had turned push on now pushes the caller's notifications only.
 */
export async function subscribe(
  db: Queryable,
  userId: string,
  input: z.output<typeof PushSubscriptionInput>,
): Promise<PushDevice> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: input.deviceLabel,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        ...values,
        // Another person's device until now: it starts afresh for the caller.
        createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else now() end`,
        lastPushedAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastPushedAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error('The push subscription was not stored');
  // What was waiting for the device's previous owner is not theirs to see.
  await db.execute(sql`delete from push_deliveries d using notifications n
    where d.subscription_id = ${row.id} and n.id = d.notification_id and n.user_id <> ${userId}`);
  return deviceOf(row);
}

/** Turns push off for the caller's device; a device that is not theirs (or not known) changes nothing. */
export async function unsubscribe(db: Queryable, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

function deviceOf(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    deviceLabel: row.deviceLabel,
    createdAt: row.createdAt.toISOString(),
    lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
  };
}

/** One run of the push job: the new notifications' deliveries, then every due one sent. */
export async function runPushJob(db: Queryable, sender: PushSender, log?: FastifyBaseLogger): Promise<PushRun> {
  await makePushDeliveries(db);
  const run = await sendDuePushes(db, sender);
  if (log && (run.failed > 0 || run.retrying > 0 || run.removed > 0))
    log.info({ push: run }, 'push notifications sent');
  return run;
}

/**
 * The push job, on the app's one queue: every minute, and whenever `notifier.wake()` asks
 * (after a notification is made). pg-boss runs each fire on one server; two runs at once
 * (a wake-up on each server) share the work through their claims.
 */
export function registerPushJob(queue: JobQueue, db: Queryable, sender: PushSender, log?: FastifyBaseLogger) {
  queue.register(
    PUSH_NOTIFICATIONS_JOB,
    async () => {
      await runPushJob(db, sender, log);
    },
    { cron: '* * * * *', runOnStart: true },
  );
}
