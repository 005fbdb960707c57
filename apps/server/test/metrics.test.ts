import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { queuePasswordResetEmail } from '../src/mail/password-reset-email';
import { AUTH_SECRET, PUBLIC_URL, startTestApp } from './harness';
import { freePort, ServerProcess } from './server-process';

const TOKEN = 'metrics-token-metrics-token-0123456789';
const t = await startTestApp({ jobs: true, metrics: { token: TOKEN, host: '127.0.0.1' } });

// A job that always fails, registered before the queue starts (at the first request).
const FAILING_JOB = 'metrics-test-always-fails';
t.app.jobs?.register(FAILING_JOB, async () => {
  throw new Error('fails on purpose');
});

/** Another app on the test's database, with `metrics` as given; closed when the file's tests end. */
async function appWith(metrics: AppOptions['metrics'], webRoot: string | null = null) {
  const app = await buildApp({
    database: t.database,
    publicUrl: PUBLIC_URL,
    authSecret: AUTH_SECRET,
    signInRateLimit: 1000,
    sessionDays: 7,
    webRoot,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-metrics-')),
    metrics,
  });
  afterAll(() => app.close());
  return app;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return samplesOf(response.body);
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('who may read /metrics', () => {
  test('without the token, or with a wrong one, the answer is 401 and no metrics', async () => {
    const without = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(without.body).not.toContain('brigade_');
    for (const authorization of [
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(wrong.statusCode, authorization).toBe(401);
      expect(wrong.body).not.toContain('brigade_');
    }
  });

  test('with the token, the metrics in Prometheus text format', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE brigade_http_request_duration_seconds histogram');
  });

  test('off when neither METRICS_TOKEN nor METRICS_PORT is set: no /metrics route', async () => {
    const app = await appWith(undefined);
    expect(app.metrics).toBeNull();
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('brigade_');
  });

  test('on a port of its own (METRICS_PORT): served there without a token, not on the app’s port', async () => {
    const app = await appWith({ port: 0, host: '127.0.0.1' });
    const address = await app.metrics?.listen();
    if (!address) throw new Error('no listener');
    expect(address.address).toBe('127.0.0.1');
    const scraped = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${address.port}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  test('on a port of its own with METRICS_TOKEN too: the token is asked there', async () => {
    const app = await appWith({ port: 0, host: '127.0.0.1', token: TOKEN });
    const address = await app.metrics?.listen();
    if (!address) throw new Error('no listener');
    const url = `http://127.0.0.1:${address.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

test('the real server opens METRICS_PORT after it listens, says where, and closes it on SIGTERM', async () => {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const server = new ServerProcess(port, { METRICS_PORT: String(metricsPort), JOBS: 'off' });
  try {
    // A fresh embedded database and its migrations: seconds here, minutes on a machine busy with other work.
    await server.ready(240_000);
    await vi.waitFor(() => expect(server.output()).toContain(`Metrics at http://127.0.0.1:${metricsPort}/metrics`));
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    const samples = samplesOf(await scraped.text());
    // The readiness checks the test made are there, by their route.
    expect(
      sampleValue(samples, 'brigade_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health/ready',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Not on the app's port: there /metrics is no route (the web app's page, or a 404).
    expect(await (await fetch(`${server.url}/metrics`)).text()).not.toContain('brigade_');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  } finally {
    await server.stop();
  }
}, 300_000);

describe('the series move', () => {
  test('requests are counted by route pattern and status, never by raw URL', async () => {
    const hq = await t.signedIn('hq');
    const missing = crypto.randomUUID();
    const series = { method: 'GET', route: '/api/restaurants/:id', status_code: '404' };
    const before = sampleValue(await scrape(), 'brigade_http_request_duration_seconds_count', series) ?? 0;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.request(hq.cookie, { method: 'GET', url: `/api/restaurants/${missing}` })).statusCode).toBe(404);
    }
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    expect(sampleValue(samplesOf(text), 'brigade_http_request_duration_seconds_count', series)).toBe(before + 3);
    expect(text).not.toContain(missing);
    // A URL no route matches is one series, whatever the URL.
    await t.app.inject({ method: 'GET', url: `/no/such/${missing}` });
    const after = await scrape();
    expect(
      sampleValue(after, 'brigade_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unrouted',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  test('the web app’s files are one series, its pages another, whatever their names', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-metrics-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Brigade</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-3f2a91.js'), 'console.log(1);');
    fs.writeFileSync(path.join(webRoot, 'assets', 'page-77c0de.js'), 'console.log(2);');
    const app = await appWith({ token: TOKEN, host: '127.0.0.1' }, webRoot);
    for (const url of ['/assets/app-3f2a91.js', '/assets/page-77c0de.js', '/audits', '/restaurants/42']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    const count = (route: string) =>
      sampleValue(samplesOf(text), 'brigade_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: '200',
      });
    expect(count('web-files')).toBe(2);
    expect(count('unrouted')).toBe(2);
    expect(text).not.toContain('3f2a91');
  });

  test('a failed sign-in, a deactivated account and a limit hit are counted', async () => {
    const failures = (samples: Sample[], reason: string) =>
      sampleValue(samples, 'brigade_sign_in_failures_total', { reason });
    const limited = (samples: Sample[], limit: string) =>
      sampleValue(samples, 'brigade_sign_in_limited_total', { limit });
    const before = await scrape();
    expect(failures(before, 'wrong-credentials')).toBeDefined();

    const person = await t.buildUser('staff');
    const wrong = await t.signIn(person.email, 'not-the-password');
    expect(wrong.response.statusCode).toBe(401);
    const gone = await t.buildUser('staff', { isActive: false });
    expect((await t.signIn(gone.email)).response.statusCode).toBe(403);
    let after = await scrape();
    expect(failures(after, 'wrong-credentials')).toBe((failures(before, 'wrong-credentials') ?? 0) + 1);
    expect(failures(after, 'deactivated')).toBe((failures(before, 'deactivated') ?? 0) + 1);

    // Ten failures from one address lock the account from it (decision 028): the eleventh is limited.
    const target = await t.buildUser('staff');
    const from = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < 10; i += 1) {
      expect((await t.signIn(target.email, 'guess', from)).response.statusCode).toBe(401);
    }
    expect((await t.signIn(target.email, 'guess', from)).response.statusCode).toBe(429);
    after = await scrape();
    expect(limited(after, 'account-from-address')).toBe((limited(before, 'account-from-address') ?? 0) + 1);
    expect(failures(after, 'wrong-credentials')).toBe((failures(before, 'wrong-credentials') ?? 0) + 11);
  });

  test('the email outbox gauges follow a queued email, then a failed one', async () => {
    const before = await scrape();
    const person = await t.buildUser('staff');
    const id = await queuePasswordResetEmail(t.db, { userId: person.id, token: 'metrics-token', language: 'en' });
    let after = await scrape();
    expect(sampleValue(after, 'brigade_email_outbox_pending')).toBe(
      (sampleValue(before, 'brigade_email_outbox_pending') ?? 0) + 1,
    );

    await t.db.execute(sql`update email_outbox set email_state = 'failed', email_claimed_at = now() where id = ${id}`);
    after = await scrape();
    expect(sampleValue(after, 'brigade_email_outbox_pending')).toBe(
      sampleValue(before, 'brigade_email_outbox_pending'),
    );
    expect(sampleValue(after, 'brigade_email_outbox_failed')).toBe(
      (sampleValue(before, 'brigade_email_outbox_failed') ?? 0) + 1,
    );
  });

  test('a job that fails is counted by its name; each job’s queue depth is reported', async () => {
    await t.app.ready();
    const before = sampleValue(await scrape(), 'brigade_job_runs_total', { job: FAILING_JOB, result: 'failed' }) ?? 0;
    await t.app.jobs?.send(FAILING_JOB);
    await vi.waitFor(
      async () => {
        const now = sampleValue(await scrape(), 'brigade_job_runs_total', { job: FAILING_JOB, result: 'failed' });
        expect(now).toBeGreaterThan(before);
      },
      { timeout: 30_000, interval: 500 },
    );
    const samples = await scrape();
    for (const name of ['brigade_jobs_queued', 'brigade_jobs_active', 'brigade_jobs_failed']) {
      expect(sampleValue(samples, name, { job: FAILING_JOB }), name).toBeGreaterThanOrEqual(0);
    }
  });

  test('the database pool: in use and waiting on PostgreSQL; PGlite reports its one connection', async () => {
    const samples = await scrape();
    if (t.database.driver === 'postgres') {
      expect(sampleValue(samples, 'brigade_db_pool_max')).toBe(10);
      expect(sampleValue(samples, 'brigade_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      // A transaction holds a connection of the pool while it runs.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        expect(sampleValue(await scrape(), 'brigade_db_pool_in_use')).toBeGreaterThanOrEqual(1);
      });
    } else {
      expect(sampleValue(samples, 'brigade_db_pool_max')).toBe(1);
      expect(sampleValue(samples, 'brigade_db_pool_in_use')).toBeUndefined();
    }
  });

  test('photo processing, process memory and event-loop lag are exposed', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'brigade_photo_processing_active')).toBe(0);
    expect(sampleValue(samples, 'brigade_photo_processing_waiting')).toBe(0);
    expect(sampleValue(samples, 'brigade_photo_processing_queue_max')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'brigade_photo_processing_refused_total', { reason: 'busy' })).toBe(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('METRICS_* settings', () => {
  const base = { DATA_DIR: os.tmpdir() };
  test('unset: metrics are off; METRICS_TOKEN alone serves them on PORT; METRICS_PORT binds 127.0.0.1 by default', () => {
    expect(readConfig(base).metrics).toBeUndefined();
    expect(readConfig({ ...base, METRICS_TOKEN: TOKEN }).metrics).toEqual({
      token: TOKEN,
      port: undefined,
      host: '127.0.0.1',
    });
    expect(readConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
  });

  test('a short token, a port that is not one, or the app’s own port is refused with the reason', () => {
    expect(() => readConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
    expect(() => readConfig({ ...base, METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => readConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => readConfig({ ...base, PORT: '4000', METRICS_PORT: '4000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });
});
