import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../auth/sso/secret-box';
import type { Database } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { Notifier } from '../../notify/notifier';
import type { AddressPolicy } from './address-guard';
import { deliverDueWebhooks, purgeOldEvents } from './deliveries';
import { requestEmittedEvents } from './events';

/**
 * Webhooks (issue 37, decision 046): what other modules use. Services emit events with
 * `emitEvent` and the builders of each event's data, inside their transactions; app.ts
 * registers the delivery job and the wake-up below.
 */
export {
  acknowledgementEvent,
  actionEvents,
  actionEventsOf,
  auditEvent,
  checklistRunEvents,
  emitEvent,
  personEvent,
  trainingCompletedEvent,
} from './events';

export const WEBHOOK_DELIVERY_JOB = 'webhook-deliveries';
export const WEBHOOK_PURGE_JOB = 'webhook-events-purge';

/** What the webhooks module needs besides the app's context. */
export interface WebhookSettings {
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, and NODE_ENV=production (https only). */
  policy: AddressPolicy;
  secretBox: SecretBox;
}

/**
 * The delivery job on a queue of its own ('short': one waiting run at most, however many
 * wake-ups), so slow or failing receivers never hold up another job: every minute, as
 * the queue starts, and when a request made events (`registerWebhookWake`). Events
 * older than 30 days with nothing left to send go daily.
 */
export function registerWebhookJobs(
  queue: JobQueue,
  deps: { db: Database; notifier: Notifier; publicUrl: string } & WebhookSettings,
) {
  queue.register(
    WEBHOOK_DELIVERY_JOB,
    async () => {
      await deliverDueWebhooks(deps);
    },
    { cron: '* * * * *', runOnStart: true, oneWaitingPerKey: true },
  );
  queue.register(
    WEBHOOK_PURGE_JOB,
    async () => {
      await purgeOldEvents(deps.db);
    },
    { cron: '17 3 * * *' },
  );
}

/**
 * A request that made events wakes the delivery job as it is answered, after its
 * transaction committed, rather than at the next minute. Registered on the root before
 * the modules, so every route has it; a request that made none costs a WeakSet lookup.
 */
export function registerWebhookWake(app: FastifyInstance, jobs: () => JobQueue | null) {
  app.addHook('onResponse', async (request) => {
    if (!requestEmittedEvents(request)) return;
    const queue = jobs();
    // Best effort: the minute's schedule sends whatever a lost wake-up leaves.
    if (queue?.running) queue.send(WEBHOOK_DELIVERY_JOB).catch(() => {});
  });
}
