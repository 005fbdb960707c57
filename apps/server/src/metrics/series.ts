import diagnosticsChannel from 'node:diagnostics_channel';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import type { JobQueue, JobQueueCounts } from '../jobs/job-queue';
import { type EmailHealth, emailHealth } from '../mail/outbox';
import {
  type JobRunEvent,
  jobRunChannel,
  type PhotoRefusedEvent,
  photoRefusedChannel,
  type SignInEvent,
  signInChannel,
} from './events';

/** How busy photo processing is now (modules/photos/process-photo.ts). */
export interface PhotoProcessingLoad {
  /** Photos being decoded, one per worker thread. */
  active: number;
  /** Photos waiting for a worker. */
  waiting: number;
  /** Most photos decoded at once. */
  workers: number;
  /** Most photos that may wait; one more is refused (503). */
  queue: number;
}

/** What the series read at each scrape; each part is handed in (docs/decisions/029). */
export interface MetricSources {
  database: Pick<DatabaseHandle, 'db' | 'driver'>;
  /** The app's job queue; null when this server runs no jobs (JOBS=off). */
  jobs: () => JobQueue | null;
  photos: () => PhotoProcessingLoad;
  log: FastifyBaseLogger;
}

export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and duration. */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** Stops counting the events of other parts (their channels). */
  close(): void;
}

/** The request duration histogram's buckets, in seconds: a photo upload or a PDF may take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The counts pg's Pool keeps; `$client` of a Drizzle database on node-postgres is its Pool. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/**
 * The server's Prometheus series in a registry of its own (tests build several apps in
 * one process). Counters and the histogram count this process; the gauges read from the
 * database (job queues, email outbox) describe the whole chain and are the same on every
 * server: aggregate them with max(), not sum().
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  // process_resident_memory_bytes, nodejs_heap_*, nodejs_eventloop_lag_* (p50, p90, p99 …), GC, handles.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'brigade_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (web-files: the web app’s files; unrouted: no route matched, the web app’s pages included) and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const readPool = (): PoolCounts | null => {
    if (sources.database.driver !== 'postgres') return null;
    return (sources.database.db as unknown as { $client: PoolCounts }).$client;
  };
  new Gauge({
    name: 'brigade_db_pool_max',
    help: 'Most database connections this server opens (PostgreSQL: the pool size; PGlite: 1, its one connection).',
    registers: [registry],
    collect() {
      this.set(readPool()?.options.max ?? 1);
    },
  });
  // PGlite runs in this process on one connection and queues statements on a lock it does
  // not expose: the in-use and waiting series exist on PostgreSQL only.
  if (sources.database.driver === 'postgres') {
    new Gauge({
      name: 'brigade_db_pool_in_use',
      help: 'Database connections checked out of the pool (running a query or a transaction).',
      registers: [registry],
      collect() {
        const pool = readPool();
        if (pool) this.set(pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'brigade_db_pool_waiting',
      help: 'Queries waiting for a database connection (every connection of the pool in use).',
      registers: [registry],
      collect() {
        const pool = readPool();
        if (pool) this.set(pool.waitingCount);
      },
    });
  }

  /**
   * A read from the database shared by the gauges one scrape collects at once (prom-client
   * asks them all together); a failure (the database down) leaves them empty this time, logged.
   */
  function sharedRead<T>(what: string, read: () => Promise<T>): () => Promise<T | null> {
    let pending: Promise<T | null> | null = null;
    return () => {
      pending ??= read()
        .catch((error: unknown) => {
          sources.log.warn({ err: error }, `metrics: ${what} could not be read`);
          return null;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    };
  }

  const readQueues = sharedRead('the job queues', async () => {
    const jobs = sources.jobs();
    return jobs?.running ? await jobs.queues() : [];
  });
  const jobGauge = (name: string, help: string, count: (queue: JobQueueCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        const queues = await readQueues();
        this.reset();
        for (const queue of queues ?? []) this.set({ job: queue.name }, count(queue));
      },
    });
  jobGauge(
    'brigade_jobs_queued',
    'Jobs waiting in the queue (ready, deferred or blocked), by job, as of the job queue’s last count (at most a minute old); chain-wide.',
    (queue) => queue.queued,
  );
  jobGauge(
    'brigade_jobs_active',
    'Jobs running on any server, by job, as of the job queue’s last count; chain-wide.',
    (queue) => queue.active,
  );
  jobGauge(
    'brigade_jobs_failed',
    'Failed jobs the queue still keeps (within its retention), by job, as of its last count; chain-wide.',
    (queue) => queue.failed,
  );
  const jobRuns = new Counter({
    name: 'brigade_job_runs_total',
    help: 'Jobs this server ran, by job and result (failed: the handler threw; pg-boss retries it).',
    labelNames: ['job', 'result'] as const,
    registers: [registry],
  });

  const readOutbox = sharedRead('the email outbox', () => emailHealth(sources.database.db));
  const outboxGauge = (name: string, help: string, value: (health: EmailHealth) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const health = await readOutbox();
        this.reset();
        if (health) this.set(value(health));
      },
    });
  outboxGauge(
    'brigade_email_outbox_pending',
    'Emails waiting to be sent or being sent (notifications and reset links); chain-wide.',
    (health) => health.pending,
  );
  outboxGauge(
    'brigade_email_outbox_oldest_pending_seconds',
    'How long the oldest waiting email has waited (in whole minutes, given in seconds); 0 when none waits; chain-wide.',
    (health) => (health.oldestPendingMinutes ?? 0) * 60,
  );
  outboxGauge(
    'brigade_email_outbox_failed',
    'Emails given up in the last 7 days (not accepted by the mail server within 24 hours of tries); chain-wide.',
    (health) => health.failedLast7Days,
  );

  const photoGauge = (name: string, help: string, value: (load: PhotoProcessingLoad) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(sources.photos()));
      },
    });
  photoGauge(
    'brigade_photo_processing_active',
    'Photos being decoded now, one per worker thread.',
    (load) => load.active,
  );
  photoGauge('brigade_photo_processing_waiting', 'Photos waiting for a worker thread.', (load) => load.waiting);
  photoGauge(
    'brigade_photo_processing_workers_max',
    'Most photos decoded at once (worker threads).',
    (load) => load.workers,
  );
  photoGauge(
    'brigade_photo_processing_queue_max',
    'Most photos that may wait for a worker; one more is answered 503.',
    (load) => load.queue,
  );
  const photoRefused = new Counter({
    name: 'brigade_photo_processing_refused_total',
    help: 'Photos refused by processing: busy (queue full, 503), too-slow or too-much-memory (413).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  const signInFailures = new Counter({
    name: 'brigade_sign_in_failures_total',
    help: 'Sign-ins refused at the password check: wrong-credentials (unknown email or wrong password), deactivated.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const signInLimited = new Counter({
    name: 'brigade_sign_in_limited_total',
    help: 'Sign-ins answered 429 by a limit: address (per client address), account-from-address, account-slowed.',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  // Zero from the start, so a rate() sees the first one.
  for (const reason of ['wrong-credentials', 'deactivated']) signInFailures.inc({ reason }, 0);
  for (const limit of ['address', 'account-from-address', 'account-slowed']) signInLimited.inc({ limit }, 0);
  for (const reason of ['busy', 'too-slow', 'too-much-memory']) photoRefused.inc({ reason }, 0);

  const onSignIn = (message: unknown) => {
    const event = message as SignInEvent;
    if (event.outcome === 'failed') signInFailures.inc({ reason: event.reason });
    else signInLimited.inc({ limit: event.limit });
  };
  const onJobRun = (message: unknown) => {
    const event = message as JobRunEvent;
    jobRuns.inc({ job: event.job, result: event.result });
  };
  const onPhotoRefused = (message: unknown) => {
    photoRefused.inc({ reason: (message as PhotoRefusedEvent).reason });
  };
  diagnosticsChannel.subscribe(signInChannel.name, onSignIn);
  diagnosticsChannel.subscribe(jobRunChannel.name, onJobRun);
  diagnosticsChannel.subscribe(photoRefusedChannel.name, onPhotoRefused);

  return {
    registry,
    observeRequest({ method, route, status }, seconds) {
      requestDuration.observe({ method, route, status_code: String(status) }, seconds);
    },
    close() {
      diagnosticsChannel.unsubscribe(signInChannel.name, onSignIn);
      diagnosticsChannel.unsubscribe(jobRunChannel.name, onJobRun);
      diagnosticsChannel.unsubscribe(photoRefusedChannel.name, onPhotoRefused);
    },
  };
}
