/**
 * `npm run bench:webhooks` (issue 37, decision 046): 10,000 events to 3 endpoints on a
 * scratch PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL, default the local
 * server): one answers at once, one after --slow-ms, one always fails. Two job queues in
 * this process play two servers, each running the delivery job; a canary job is sent every
 * 5 seconds on one of them and its start delay is measured, to show deliveries do not hold
 * other jobs up. Reports events written per second, deliveries per second until the two
 * healthy endpoints have every event, that no endpoint received an event twice, the failing
 * endpoint's attempts, and the canary's delays. Never fails on a timing.
 *
 *   npm run bench:webhooks
 *   npm run bench:webhooks -- --events 2000 --slow-ms 200
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createSecretBox } from '../apps/server/src/auth/sso/secret-box';
import { openDatabase } from '../apps/server/src/db/client';
import { createJobQueue, type JobQueue } from '../apps/server/src/jobs/job-queue';
import { emitEvent, registerWebhookJobs, WEBHOOK_DELIVERY_JOB } from '../apps/server/src/modules/webhooks/service';
import { createNotifier } from '../apps/server/src/notify/notifier';
import { createScratchDatabase } from '../apps/server/test/scratch-database';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    'slow-ms': { type: 'string', default: '50' },
  },
});
const EVENTS = Number(args.events);
const SLOW_MS = Number(args['slow-ms']);
const CANARY_JOB = 'bench-canary';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A receiver counting each webhook-id it gets. */
async function receiver(answer: (response: http.ServerResponse) => void) {
  const seen = new Map<string, number>();
  let requests = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      const id = String(request.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    get requests() {
      return requests;
    },
    duplicates: () => [...seen.values()].filter((count) => count > 1).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = await createScratchDatabase(adminUrl, 'brigade_bench_webhooks');
const database = await openDatabase({ kind: 'postgres', url: scratch.url });
const receivers = {
  fast: await receiver((response) => response.writeHead(204).end()),
  slow: await receiver((response) => setTimeout(() => response.writeHead(204).end(), SLOW_MS)),
  failing: await receiver((response) => response.writeHead(503).end('down')),
};
const queues: JobQueue[] = [];
try {
  await database.migrate();
  const { db } = database;
  const secretBox = createSecretBox('bench-secret-bench-secret-bench-secret-0123');
  for (const [name, target] of Object.entries(receivers)) {
    await db.execute(sql`
      insert into webhook_endpoints (kind, url, description, events, language, secret_sealed)
      values ('standard', ${target.url}, ${name}, '{person.created}', 'en', ${secretBox.seal(`whsec_${Buffer.from(name.padEnd(32, '-')).toString('base64')}`)})`);
  }

  // Two "servers": each its own pg-boss connection, both running the delivery job.
  // The queue logs only its errors.
  const log = { error: (...parts: unknown[]) => console.error(...parts) } as unknown as FastifyBaseLogger;
  const canaryDelays: number[] = [];
  for (let server = 0; server < 2; server += 1) {
    const queue = createJobQueue(database, log);
    registerWebhookJobs(queue, {
      db,
      notifier: createNotifier({ emailOn: false, jobs: () => null }),
      publicUrl: 'http://localhost:3000',
      policy: { allowPrivate: true, requireHttps: false },
      secretBox,
    });
    if (server === 0) {
      queue.register<{ sentAt: number }>(CANARY_JOB, async ({ sentAt }) => {
        canaryDelays.push(Date.now() - sentAt);
      });
    }
    await queue.start();
    queues.push(queue);
  }
  const [first, second] = queues as [JobQueue, JobQueue];

  // 10,000 events in transactions of 500, as services write them (one statement each, deliveries included).
  const writeStarted = performance.now();
  for (let done = 0; done < EVENTS; done += 500) {
    const batch = Math.min(500, EVENTS - done);
    await db.transaction(async (tx) => {
      await emitEvent(
        tx,
        'person.created',
        sql`select jsonb_build_object('person', jsonb_build_object('id', gen_random_uuid(), 'name', 'Bench person ' || i,
          'role', 'staff', 'restaurants', '[]'::jsonb)) as data, null::text as once_key
          from generate_series(${done + 1}::int, ${done + batch}::int) as i`,
      );
    });
  }
  const writeMs = performance.now() - writeStarted;

  const deliverStarted = performance.now();
  // Every 5 s: longer than pg-boss's 2 s poll, so an idle queue starts each within that poll.
  const canary = setInterval(() => void first.send(CANARY_JOB, { sentAt: Date.now() }).catch(() => {}), 5000);
  await Promise.all([first.send(WEBHOOK_DELIVERY_JOB), second.send(WEBHOOK_DELIVERY_JOB)]);
  const healthyDone = () => receivers.fast.seen.size >= EVENTS && receivers.slow.seen.size >= EVENTS;
  while (!healthyDone()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    // A run that found nothing due ends; the wake-ups keep both servers draining.
    await Promise.all([first.send(WEBHOOK_DELIVERY_JOB), second.send(WEBHOOK_DELIVERY_JOB)]);
    if (performance.now() - deliverStarted > 15 * 60_000) throw new Error('deliveries did not finish in 15 minutes');
  }
  const deliverMs = performance.now() - deliverStarted;
  clearInterval(canary);
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const states = (await db.execute(sql`
    select e.description as endpoint, d.state, count(*)::int as n, max(d.attempts)::int as max_attempts
    from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
    group by 1, 2 order by 1, 2`)) as unknown as {
    rows: { endpoint: string; state: string; n: number; max_attempts: number }[];
  };
  const delivered = receivers.fast.seen.size + receivers.slow.seen.size;
  const result = {
    at: new Date().toISOString(),
    events: EVENTS,
    slowMs: SLOW_MS,
    eventsWrittenPerSecond: Math.round(EVENTS / (writeMs / 1000)),
    healthyDeliveries: delivered,
    deliverySeconds: Math.round(deliverMs / 100) / 10,
    deliveriesPerSecond: Math.round(delivered / (deliverMs / 1000)),
    failingAttempts: receivers.failing.requests,
    duplicates: {
      fast: receivers.fast.duplicates(),
      slow: receivers.slow.duplicates(),
      failing: receivers.failing.duplicates(),
    },
    canary: {
      runs: canaryDelays.length,
      p50Ms: percentile(canaryDelays, 50),
      p95Ms: percentile(canaryDelays, 95),
      maxMs: Math.max(0, ...canaryDelays),
    },
    states: states.rows,
  };
  console.log(
    `${EVENTS} events written at ${result.eventsWrittenPerSecond}/s; ${delivered} deliveries to the fast and the ` +
      `${SLOW_MS} ms endpoint in ${result.deliverySeconds} s (${result.deliveriesPerSecond}/s, two servers), ` +
      `${result.failingAttempts} attempts at the failing one (retried with backoff).`,
  );
  console.log(
    `Delivered twice: fast ${result.duplicates.fast}, slow ${result.duplicates.slow}, failing ${result.duplicates.failing} ` +
      `(its retries are the same event on purpose, each a later attempt).`,
  );
  console.log(
    `Canary job meanwhile: ${result.canary.runs} runs, start delay p50 ${result.canary.p50Ms} ms, ` +
      `p95 ${result.canary.p95Ms} ms, max ${result.canary.maxMs} ms.`,
  );
  console.table(result.states);
  const file = path.join(import.meta.dirname, 'results', `${result.at.slice(0, 10)}-webhook-delivery.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
} finally {
  for (const queue of queues) await queue.stop();
  await Promise.all(Object.values(receivers).map((target) => target.close()));
  await database.close();
  await scratch.drop();
}
