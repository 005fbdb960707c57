import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { DATABASE_UNAVAILABLE } from '../src/db/unavailable';
import { PUBLIC_URL, startTestApp } from './harness';
import { freePort } from './server-process';

const t = await startTestApp();
/** Files on local disk are for one server only, and ready says so. */
const LOCAL_STORAGE = {
  kind: 'local',
  note: "Uploaded files are kept on this server's disk (DATA_DIR/uploads): run one server only, or set S3_* for several.",
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Another app on the same database (or a broken copy of its handle), logging JSON lines into `lines`. */
async function appOn(database: DatabaseHandle, options: { trustProxy?: string[] } = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    database,
    publicUrl: PUBLIC_URL,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    signInRateLimit: 1000,
    sessionDays: 7,
    webRoot: null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-health-')),
    logger: { level: 'info', stream },
    trustProxy: options.trustProxy,
  });
  afterAll(() => app.close());
  return { app, lines };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('health', () => {
  test('live answers without the database; ready and /api/health check it and its migrations', async () => {
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'up',
      migrations: 'current',
      storage: LOCAL_STORAGE,
      email: { state: 'off', pending: 0, oldestPendingMinutes: null, failedLast7Days: 0 },
    });
    expect((await get('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('ready reports the email outbox, and stays ready while emails wait for a mail server that is down', async () => {
    const closed = await freePort();
    const mailing = await startTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${closed}`, from: 'Brigade <a@b.test>' } });
    const readyOf = async () => {
      const ready = await mailing.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      return ready.json().email;
    };
    expect(await readyOf()).toEqual({ state: 'ok', pending: 0, oldestPendingMinutes: null, failedLast7Days: 0 });

    const person = await mailing.buildUser('staff');
    const notification = (minutesAgo: number, state: string, subjectKey: string) =>
      mailing.db.execute(sql`insert into notifications (user_id, kind, subject_key, title, link, email_state,
          created_at, email_claimed_at)
        values (${person.id}, 'trainingOverdue', ${subjectKey}, 'Late', '/my-trainings', ${state},
          now() - make_interval(mins => ${minutesAgo}), now() - make_interval(mins => ${minutesAgo}))`);
    await notification(3, 'pending', 'fresh');
    expect(await readyOf()).toMatchObject({ state: 'ok', pending: 1, oldestPendingMinutes: 3 });

    await notification(40, 'pending', 'waiting');
    await notification(60 * 24 * 2, 'failed', 'given-up');
    await notification(60 * 24 * 8, 'failed', 'long-ago');
    expect(await readyOf()).toEqual({
      state: 'delayed',
      pending: 2,
      oldestPendingMinutes: 40,
      failedLast7Days: 1,
      note: 'Emails have waited 40 minutes: the mail server refuses them or cannot be reached. They are retried for 24 hours.',
    });
  });

  test('a database that is down: live 200, ready and /api/health 503 with the reason', async () => {
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const { app } = await appOn({
      ...t.database,
      ping: () => Promise.reject(down),
      migrationsCurrent: () => Promise.reject(down),
    });
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    for (const url of ['/api/health/ready', '/api/health']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down', message: DATABASE_UNAVAILABLE });
    }
  });

  test('a migration not applied: ready 503 until it is', async () => {
    const { rows } = (await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    )) as { rows: { id: number; hash: string; created_at: string }[] };
    const last = rows[0];
    try {
      const response = await get('/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'up',
        migrations: 'pending',
        message: '1 database migration(s) not applied yet: restart the server to apply them.',
      });
      expect((await get('/api/health')).statusCode).toBe(503);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  test('a database never migrated has every migration pending', async () => {
    const fresh = await openDatabase({ kind: 'pglite-memory' });
    try {
      const status = await fresh.migrationsCurrent();
      expect(status.current).toBe(false);
      expect(status.applied).toBe(0);
      expect(status.pending).toBe(
        fs.readdirSync(path.join(import.meta.dirname, '../src/db/migrations')).filter((name) => name.endsWith('.sql'))
          .length,
      );
    } finally {
      await fresh.close();
    }
  });
});

describe('request ids', () => {
  test('every answer carries a fresh random id, whatever the client sends', async () => {
    const first = await get('/api/health/live', { 'x-request-id': 'chosen-by-the-client' });
    const second = await get('/api/nothing-here');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  test("behind a trusted proxy, the proxy's id is kept when it has a safe shape", async () => {
    const { app } = await appOn(t.database, { trustProxy: ['127.0.0.1'] });
    const id = (value: string) =>
      app
        .inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': value } })
        .then((response) => response.headers['x-request-id']);
    expect(await id('3f2a9c1e-proxy-0001')).toBe('3f2a9c1e-proxy-0001');
    expect(await id('short')).toMatch(UUID);
    expect(await id('has space and "quotes" 0123')).toMatch(UUID);
    expect(await id('x'.repeat(200))).toMatch(UUID);
  });

  test('every log line of a request carries its id, a 5xx error line included', async () => {
    const { app, lines } = await appOn(t.database);
    app.get('/api/test-failure', async () => {
      throw new Error('a bug');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const ofRequest = lines.filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request failed', 'request completed']);
    expect(ofRequest.find((line) => line.msg === 'request failed')).toMatchObject({
      level: 50,
      err: { message: 'a bug' },
    });
    expect(lines.filter((line) => line.req || line.res).every((line) => typeof line.reqId === 'string')).toBe(true);
  });
});
