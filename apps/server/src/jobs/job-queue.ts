import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { publishJobRun } from '../metrics/events';

/**
 * The app's one job queue (decision 020): pg-boss, on PostgreSQL through connections of
 * its own, on the embedded database through PGlite's single connection (pg-boss's
 * `fromPglite` adapter). Its tables live in the schema `pgboss`, which pg-boss creates
 * and migrates on start. A cron schedule is kept in the database, so with several
 * servers each fire happens once, on one of them.
 *
 * Register handlers first, then `start()`; `stop()` lets running jobs finish and must
 * come before the database closes (the app does both in its onReady and onClose hooks).
 */
export type JobHandler<T extends object = Record<string, never>> = (data: T) => Promise<void>;

export interface JobOptions {
  /** A five-field cron expression, in UTC: the job is sent at each of its times. */
  cron?: string;
  /** Also send the job once as the queue starts (a restarted server catches up at once). */
  runOnStart?: boolean;
  /**
   * pg-boss's `short` policy: at most one job waiting per `singletonKey` (a send while one
   * waits is dropped), so a burst of sends for one key runs the handler once or twice.
   */
  oneWaitingPerKey?: boolean;
  /**
   * Jobs a worker takes per fetch (default 1). Above 1, it fetches again at once while
   * fetches come back full, instead of waiting out the poll: for queues with many small
   * jobs a second (sensor evaluations), which one job per 2-second poll would never drain.
   */
  batchSize?: number;
  /** Seconds between fetches while the queue is idle (pg-boss's default: 2). */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** With `oneWaitingPerKey`: what makes two jobs the same. */
  singletonKey?: string;
  /** Not before this moment. */
  startAfter?: Date;
}

export interface JobQueue {
  register<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  start(): Promise<void>;
  /** Queues a one-off job; a worker of any server runs it. */
  send(name: string, data?: object, options?: SendOptions): Promise<void>;
  stop(): Promise<void>;
  readonly running: boolean;
  /** Each registered job's queue, as pg-boss last counted it (its monitor, every minute): for the metrics. */
  queues(): Promise<JobQueueCounts[]>;
}

export interface JobQueueCounts {
  name: string;
  /** Waiting: ready now, deferred (to run later) or blocked. */
  queued: number;
  active: number;
  /** Failed jobs still kept (pg-boss's retention). */
  failed: number;
}

export const JOB_SCHEMA = 'pgboss';

interface Registration {
  name: string;
  handler: JobHandler<object>;
  options: JobOptions;
}

export function createJobQueue(database: Pick<DatabaseHandle, 'jobStore'>, log: FastifyBaseLogger): JobQueue {
  const store = database.jobStore;
  const boss =
    store.kind === 'postgres'
      ? new PgBoss({ connectionString: store.url, schema: JOB_SCHEMA, max: 3, application_name: 'brigade-jobs' })
      : new PgBoss({ db: fromPglite(store.client), backend: 'pglite', schema: JOB_SCHEMA });
  // A failed poll or maintenance run (the database restarting) is logged; pg-boss retries on its own.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const registrations: Registration[] = [];
  let running = false;

  return {
    get running() {
      return running;
    },
    register(name, handler, options = {}) {
      if (running) throw new Error(`Register job ${name} before the queue starts`);
      registrations.push({ name, handler: handler as JobHandler<object>, options });
    },
    async start() {
      await boss.start();
      running = true;
      for (const { name, handler, options } of registrations) {
        await boss.createQueue(name, options.oneWaitingPerKey ? { policy: 'short' } : undefined);
        const polling = {
          batchSize: options.batchSize ?? 1,
          burstWhenBatchFull: (options.batchSize ?? 1) > 1,
          ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
        };
        await boss.work<object>(name, polling, async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data ?? {});
            } catch (error) {
              publishJobRun({ job: name, result: 'failed' });
              throw error;
            }
            publishJobRun({ job: name, result: 'completed' });
          }
        });
        if (options.cron) await boss.schedule(name, options.cron, {}, { tz: 'UTC' });
        if (options.runOnStart) await boss.send(name, {});
      }
    },
    async send(name, data = {}, options = {}) {
      if (!running) throw new Error('The job queue is not running');
      await boss.send(name, data, options);
    },
    async queues() {
      const names = registrations.map((registration) => registration.name);
      if (!running || names.length === 0) return [];
      return (await boss.getQueues(names)).map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      }));
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
