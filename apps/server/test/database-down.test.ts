import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../src/db/unavailable';
import { insertUser } from '../src/modules/users/insert-user';
import { PASSWORD, PUBLIC_URL, sessionCookieOf } from './harness';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP proxy in front of PostgreSQL that the test can cut (refusing new connections
 * and dropping open ones, as a database restart or a network failure does) and restore.
 */
function startProxy(target: URL) {
  const server = net.createServer();
  const sockets = new Set<net.Socket>();
  let hanging = false;
  server.on('connection', (client) => {
    if (hanging) {
      // A host that accepts and never answers (packets dropped): only the pool's connect timeout ends the wait.
      sockets.add(client);
      client.on('error', () => {});
      client.on('close', () => sockets.delete(client));
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.pipe(other);
    }
  });
  let port = 0;
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async open() {
      await listen();
      port = (server.address() as net.AddressInfo).port;
      return port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** New connections are accepted and then left unanswered; open ones are dropped. */
    hang() {
      hanging = true;
      for (const socket of sockets) socket.destroy();
    },
    async restore() {
      hanging = false;
      if (!server.listening) await listen();
    },
    async stop() {
      if (server.listening) await this.cut();
    },
  };
}

describe('what counts as the database being unavailable', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  test.each([
    ['a refused connection', refused],
    [
      'one wrapped by Drizzle and Better Auth',
      new Error('Failed to get session', { cause: new Error('Failed query', { cause: refused }) }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a server starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection failure', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['localhost refusing on both addresses', Object.assign(new AggregateError([refused]), { code: undefined })],
  ])('%s is', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  test.each([
    ['a bug', new Error('boom')],
    ['a constraint violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a bad uuid', Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' })],
    ['another service refusing (fetch)', new TypeError('fetch failed', { cause: refused })],
    ['nothing', undefined],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe.skipIf(!adminUrl)('the PostgreSQL database goes down and comes back', () => {
  let scratch: ScratchDatabase;
  const target = new URL(adminUrl ?? 'postgres://localhost');
  const proxy = startProxy(target);
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cookie = '';
  const logLines: string[] = [];

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl ?? '', 'brigade_down');
    const port = await proxy.open();
    // The scratch database, reached through the proxy the test can cut.
    const url = new URL(scratch.url);
    url.host = `127.0.0.1:${port}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.migrate();
    app = await buildApp({
      database,
      publicUrl: PUBLIC_URL,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      signInRateLimit: 1000,
      sessionDays: 7,
      webRoot: null,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-down-')),
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(...String(chunk).split('\n').filter(Boolean));
            done();
          },
        }),
      },
    });
    const passwordHash = await hashPassword(app.auth, PASSWORD);
    await insertUser(database.db, { name: 'Head Office', email: 'hq@example.com', role: 'hq', passwordHash });
    const signIn = await call('POST', '/api/auth/sign-in/email', { email: 'hq@example.com', password: PASSWORD });
    cookie = sessionCookieOf(signIn.headers['set-cookie']) ?? '';
    expect(cookie).not.toBe('');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy.stop();
    await scratch?.drop();
  });

  test('every route answers 503 with a clear message while it is down, and 200 again by itself', async () => {
    expect((await call('GET', '/api/restaurants')).statusCode).toBe(200);

    await proxy.cut();
    const probes = [
      ['GET', '/api/setup'],
      ['GET', '/api/me'],
      ['GET', '/api/restaurants'],
      ['GET', '/api/dashboards/hq'],
      ['POST', '/api/restaurants', { name: 'Down', city: 'Utrecht', country: 'Netherlands', address: 'Main 1' }],
    ] as const;
    for (const [method, url, payload] of probes) {
      const response = await call(method, url, payload);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 503,
        body: { message: DATABASE_UNAVAILABLE },
      });
      expect(response.headers['retry-after']).toBe('5');
    }
    // Better Auth's own endpoints too (they answer failures themselves, with an empty 500).
    // More sign-ins than the per-account limit allows: none of them counts against the
    // account, since none failed on the password.
    const signInsDuringOutage = 12;
    for (let attempt = 0; attempt < signInsDuringOutage; attempt += 1) {
      const signIn = await call('POST', '/api/auth/sign-in/email', { email: 'hq@example.com', password: PASSWORD });
      expect([signIn.statusCode, signIn.json()]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
    }
    expect((await call('GET', '/api/health/ready')).statusCode).toBe(503);
    expect((await call('GET', '/api/health/live')).statusCode).toBe(200);
    // Logged with the request id and the cause, never the query's parameters (the session token).
    const logged = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'database unavailable');
    expect(logged.length).toBe(probes.length + signInsDuringOutage);
    expect(logged[0]).toMatchObject({ level: 50, reqId: expect.any(String), cause: { message: expect.any(String) } });
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(token);

    await proxy.restore();
    const restored = performance.now();
    let status = 0;
    while (performance.now() - restored < 5000) {
      status = (await call('GET', '/api/restaurants')).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`recovered in ${Math.round(performance.now() - restored)} ms`);
    expect(status).toBe(200);
    expect((await call('GET', '/api/health/ready')).statusCode).toBe(200);
    expect((await call('GET', '/api/me')).statusCode).toBe(200);
    const signIn = await call('POST', '/api/auth/sign-in/email', { email: 'hq@example.com', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  test('a database host that stops answering: 503 after the connect timeout, not a hung request', async () => {
    proxy.hang();
    // The pool notices its dropped idle connections; the request then needs a new one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const response = await call('GET', '/api/restaurants');
    const waited = performance.now() - started;
    expect([response.statusCode, response.json()]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
    console.log(`a silent database host: 503 after ${Math.round(waited)} ms`);
    expect(waited).toBeGreaterThan(4000);
    expect(waited).toBeLessThan(15_000);
    await proxy.restore();
    expect((await call('GET', '/api/restaurants')).statusCode).toBe(200);
  }, 30_000);
});
