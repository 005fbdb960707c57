/**
 * Two real server processes on one PostgreSQL database, as a chain runs Brigade behind a
 * load balancer (issue 15): they start together on an empty database, count sign-in
 * limits once, keep one active hq whatever the interleaving, and serve each other's
 * uploads from the bucket. PostgreSQL only: the embedded database is one process's.
 */

import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeS3, startFakeS3 } from './fakes/s3-server';
import { sessionCookieOf } from './harness';
import { createScratchDatabase, onPostgres, type ScratchDatabase } from './scratch-database';
import { freePort, ServerProcess } from './server-process';
import { tinyVideo } from './video-bytes';

const DEMO_PASSWORD = 'demo1234';
const SIGN_IN_RATE_LIMIT = 10;

describe.skipIf(!onPostgres)('two servers, one PostgreSQL database', () => {
  let database: ScratchDatabase;
  let sql: pg.Pool;
  let servers: [ServerProcess, ServerProcess];
  let bucket: FakeS3;
  let addressCounter = 0;
  /** A client address of its own (the test is the balancer, TRUST_PROXY=127.0.0.1), so limits per address stay apart. */
  const newAddress = () => {
    addressCounter += 1;
    return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  async function call(
    server: ServerProcess,
    method: string,
    url: string,
    { cookie, body, address }: { cookie?: string; body?: unknown; address?: string } = {},
  ) {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        // PUBLIC_URL is unset: a page served from this address writes to it.
        origin: server.url,
        ...(cookie ? { cookie } : {}),
        ...(address ? { 'x-forwarded-for': address } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async function signIn(server: ServerProcess, email: string, password = DEMO_PASSWORD, address = newAddress()) {
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    return { status: response.status, cookie: sessionCookieOf(response.headers.getSetCookie()) };
  }

  async function signedIn(server: ServerProcess, email: string) {
    const { status, cookie } = await signIn(server, email);
    if (!cookie) throw new Error(`sign-in as ${email} answered ${status}`);
    return cookie;
  }

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'brigade_multi');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    const keys = { accessKeyId: 'AKIAMULTISERVER', secretAccessKey: 'multi-server-bucket-secret-0123456789' };
    bucket = await startFakeS3({ bucket: 'brigade-multi', ...keys });
    const env = {
      S3_ENDPOINT: bucket.url,
      S3_BUCKET: 'brigade-multi',
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: 'multi-server-secret-multi-server-secret',
      TRUST_PROXY: '127.0.0.1',
      SIGN_IN_RATE_LIMIT: String(SIGN_IN_RATE_LIMIT),
      LOG_LEVEL: 'warn',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both at the same moment, on an empty database, both asked to load the demo chain.
    servers = [new ServerProcess(portA, env, ['--demo']), new ServerProcess(portB, env, ['--demo'])];
    await Promise.all(servers.map((server) => server.ready()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await sql?.end();
    await bucket?.close();
    await database?.drop();
  });

  test('both start together on an empty database: each migration applied once, the demo loaded once', async () => {
    expect(servers.map((server) => server.alive)).toEqual([true, true]);
    const outputs = servers.map((server) => server.output());
    expect(outputs.filter((text) => text.includes('Demo chain loaded.'))).toHaveLength(1);
    expect(outputs.filter((text) => text.includes('Demo chain already loaded'))).toHaveLength(1);
    const journal = readMigrationFiles({ migrationsFolder: path.join(import.meta.dirname, '../src/db/migrations') });
    const { rows: applied } = await sql.query('select hash from drizzle.__drizzle_migrations');
    expect(applied).toHaveLength(journal.length);
    const { rows: hq } = await sql.query(`select count(*)::int as n from users where email = 'hq@example.com'`);
    expect(hq[0].n).toBe(1);
    // Nobody's name or email in what either server printed (a failed insert would print its parameters).
    for (const text of outputs) expect(text).not.toContain('lotte.peeters@example.com');
  });

  test('a session started on one server is honoured by the other, and ended on both by sign-out', async () => {
    const [a, b] = servers;
    const cookie = await signedIn(a, 'staff@example.com');
    expect((await call(b, 'GET', '/api/me', { cookie })).status).toBe(200);
    expect((await call(b, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await call(a, 'GET', '/api/me', { cookie })).status).toBe(401);
  });

  test("a language chosen on one server is the other's at once: its answers and the bell's notifications (issue 22)", async () => {
    const [a, b] = servers;
    const { rows } = await sql.query(
      `select id, email from users where role = 'staff' and is_active and email <> 'staff@example.com'
       order by email offset 1 limit 1`,
    );
    const person = rows[0] as { id: string; email: string };
    const cookie = await signedIn(a, person.email);
    expect((await call(a, 'PUT', '/api/profile/language', { cookie, body: { language: 'nl' } })).status).toBe(200);

    expect((await call(b, 'GET', '/api/me', { cookie })).json.language).toBe('nl');
    const refused = await call(b, 'PUT', '/api/profile', { cookie, body: { name: '', email: person.email } });
    expect(refused.status).toBe(400);
    expect(refused.json.fields.name).toBe('Naam is verplicht');

    // hq assigns on one server; the person reads the bell on the other, in Dutch.
    const hq = await signedIn(b, 'hq@example.com');
    const { rows: made } = await sql.query(`insert into trainings (title) values ('Twee servers') returning id`);
    const assigned = await call(b, 'POST', '/api/training-assignments', {
      cookie: hq,
      body: { trainingIds: [made[0].id], staffIds: [person.id] },
    });
    expect(assigned.status).toBe(200);
    const bell = await call(a, 'GET', '/api/notifications?page=1&pageSize=5', { cookie });
    expect(bell.json.items[0]).toMatchObject({ title: 'Nieuwe training: Twee servers', body: 'Geen einddatum' });
  });

  test('a password change on one server and a deactivation on the other end sessions on both at the next request', async () => {
    const [a, b] = servers;
    const { rows } = await sql.query(
      `select email from users where role = 'staff' and is_active and email <> 'staff@example.com' order by email limit 1`,
    );
    const email = rows[0].email as string;
    const onA = await signedIn(a, email);
    const onB = await signedIn(b, email);
    for (const [server, cookie] of [
      [a, onA],
      [b, onA],
      [a, onB],
      [b, onB],
    ] as const) {
      expect((await call(server, 'GET', '/api/me', { cookie })).status).toBe(200);
    }

    // A new password set on B ends every other session of the person: the one begun on A.
    const profile = (await call(b, 'GET', '/api/profile', { cookie: onB })).json;
    const changed = await call(b, 'PUT', '/api/profile', {
      cookie: onB,
      body: { name: profile.name, email: profile.email, password: 'a-new-password-1' },
    });
    expect(changed.status).toBe(200);
    expect((await call(a, 'GET', '/api/me', { cookie: onA })).status).toBe(401);
    expect((await call(b, 'GET', '/api/me', { cookie: onA })).status).toBe(401);
    expect((await call(a, 'GET', '/api/me', { cookie: onB })).status).toBe(200);

    // hq deactivates the person on A: the session kept on B ends there and on A alike.
    const hq = await signedIn(a, 'hq@example.com');
    const id = (await call(b, 'GET', '/api/me', { cookie: onB })).json.id as string;
    expect((await call(a, 'PATCH', `/api/users/${id}/active`, { cookie: hq, body: { isActive: false } })).status).toBe(
      200,
    );
    expect((await call(b, 'GET', '/api/me', { cookie: onB })).status).toBe(401);
    expect((await call(a, 'GET', '/api/me', { cookie: onB })).status).toBe(401);
    expect((await signIn(b, email, 'a-new-password-1')).status).not.toBe(200);
  });

  test(`the sign-in limit per address (${SIGN_IN_RATE_LIMIT} a minute) is counted once across both servers`, async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_RATE_LIMIT + 4; attempt++) {
      // Different unknown emails, so only the per-address limit can answer 429.
      const server = servers[attempt % 2] as ServerProcess;
      statuses.push((await signIn(server, `nobody-${attempt}@example.com`, 'wrong-password', address)).status);
    }
    expect(statuses.slice(0, SIGN_IN_RATE_LIMIT)).toEqual(Array(SIGN_IN_RATE_LIMIT).fill(401));
    expect(statuses.slice(SIGN_IN_RATE_LIMIT)).toEqual([429, 429, 429, 429]);
  });

  test('first sign-ins from one address on both servers at the same moment all pass (the count starts once, no 409)', async () => {
    for (let round = 0; round < 10; round++) {
      const address = newAddress();
      const results = await Promise.all(
        ['hq@example.com', 'manager@example.com', 'staff@example.com', 'hq@example.com'].map((email, index) =>
          signIn(servers[index % 2] as ServerProcess, email, DEMO_PASSWORD, address),
        ),
      );
      expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    }
  });

  test('the sign-in limits per account (10 failures from one address, 20 from any) are counted once across both servers', async () => {
    const email = 'noor.deboer@example.com';
    const guesser = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await signIn(servers[attempt % 2] as ServerProcess, email, 'wrong', guesser)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // From that address, even the right password waits, on either server; from another it works (issue 31).
    expect((await signIn(servers[0], email, DEMO_PASSWORD, guesser)).status).toBe(429);
    expect((await signIn(servers[1], email, DEMO_PASSWORD, guesser)).status).toBe(429);
    expect((await signIn(servers[0], email)).status).toBe(200);

    // Ten more guesses from as many addresses, half on each server, reach 20: a new address waits on both.
    const more: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      more.push((await signIn(servers[attempt % 2] as ServerProcess, email, 'wrong')).status);
    }
    expect(more).toEqual(Array(10).fill(401));
    expect((await signIn(servers[0], email, 'wrong')).status).toBe(429);
    expect((await signIn(servers[1], email)).status).toBe(429);
  });

  test('two hq leaving at the same moment on two servers never leave the chain without an active hq (60 interleavings)', async () => {
    const { rows: accounts } = await sql.query<{ id: string; email: string; name: string }>(
      `select id, email, name from users where email in ('hq@example.com', 'hq2@example.com') order by email`,
    );
    const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const { rows: someRestaurant } = await sql.query<{ id: string }>('select id from restaurants limit 1');
    const restaurantId = someRestaurant[0]?.id;
    // Only these two are hq for this test.
    await sql.query(`update users set is_active = false where role = 'hq' and id <> all($1)`, [[first.id, second.id]]);

    const deactivate = (target: typeof first) => ({
      method: 'PATCH',
      url: `/api/users/${target.id}/active`,
      body: { isActive: false },
    });
    const demote = (target: typeof first) => ({
      method: 'POST',
      url: '/api/users',
      body: {
        id: target.id,
        name: target.name,
        email: target.email,
        role: 'staff',
        selectedRestaurants: [restaurantId],
      },
    });
    // The races found from the outside: each deactivates the other; one deactivates the
    // other while demoting itself; each demotes the other.
    const scenarios = [
      (a: typeof first, b: typeof first) => [
        { actor: a, ...deactivate(b) },
        { actor: b, ...deactivate(a) },
      ],
      (a: typeof first, b: typeof first) => [
        { actor: a, ...deactivate(b) },
        { actor: a, ...demote(a) },
      ],
      (a: typeof first, b: typeof first) => [
        { actor: a, ...demote(b) },
        { actor: b, ...demote(a) },
      ],
    ];

    const rounds = 60;
    let bothSucceeded = 0;
    let withoutHq = 0;
    const outcomes = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      await sql.query(`update users set role = 'hq', is_active = true where id = any($1)`, [[first.id, second.id]]);
      const [a, b] = round % 2 === 0 ? [first, second] : [second, first];
      const cookies = new Map([
        [a.id, await signedIn(servers[0], a.email)],
        [b.id, await signedIn(servers[1], b.email)],
      ]);
      const requests = (scenarios[round % scenarios.length] as (typeof scenarios)[0])(a, b);
      const answers = await Promise.all(
        requests.map((request, index) =>
          call(servers[index % 2] as ServerProcess, request.method, request.url, {
            cookie: cookies.get(request.actor.id),
            body: request.body,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      outcomes.set(statuses.join('+'), (outcomes.get(statuses.join('+')) ?? 0) + 1);
      if (statuses.every((status) => status === 200)) bothSucceeded += 1;
      const { rows } = await sql.query(`select count(*)::int as n from users where role = 'hq' and is_active`);
      if (rows[0].n === 0) withoutHq += 1;
    }
    await sql.query(`update users set role = 'hq', is_active = true where id = any($1)`, [[first.id, second.id]]);
    console.log(`last-hq races over two servers: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    expect({ withoutHq, bothSucceeded }).toEqual({ withoutHq: 0, bothSucceeded: 0 });
    // Every round one of the two went through: the lock orders them, it does not refuse both.
    const oneWentThrough = [...outcomes.entries()].every(([statuses]) => statuses.split('+').includes('200'));
    expect(oneWentThrough).toBe(true);
  }, 120_000);

  test('the due job run on both servers at once makes one due entry per restaurant and period (issue 19)', async () => {
    const [a, b] = servers;
    const hq = await signedIn(a, 'hq@example.com');
    const template = await call(a, 'POST', '/api/audit-templates', {
      cookie: hq,
      body: { name: 'Two servers', description: '', items: [{ text: 'Checked twice' }] },
    });
    const schedule = await call(b, 'POST', '/api/audit-schedules', {
      cookie: hq,
      body: {
        name: 'Both servers',
        templateIds: [template.json.id],
        allRestaurants: true,
        restaurantIds: [],
        cadence: 'weekly',
        startsOn: '2026-01-05',
      },
    });
    expect(schedule.status).toBe(201);
    // Start from nothing, then both servers run the job at the same moment, ten times each.
    await sql.query('delete from audit_due where schedule_id = $1', [schedule.json.id]);
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(index % 2 ? a : b, 'POST', '/api/audit-due/refresh', { cookie: hq, body: {} }),
      ),
    );
    expect(runs.map((run) => run.status)).toEqual(Array(20).fill(200));
    const { rows: restaurants } = await sql.query('select count(*)::int as n from restaurants where is_active');
    const { rows: entries } = await sql.query(
      `select restaurant_id, period_start, count(*)::int as n from audit_due where schedule_id = $1
       group by restaurant_id, period_start`,
      [schedule.json.id],
    );
    expect(entries).toHaveLength(restaurants[0].n);
    expect(entries.every((entry) => entry.n === 1)).toBe(true);
    expect(runs.reduce((sum, run) => sum + run.json.created, 0)).toBe(restaurants[0].n);
    // Each server runs the one job queue (pg-boss): its cron schedule is kept once, in the database.
    const { rows: cron } = await sql.query(
      `select count(*)::int as n from pgboss.schedule where name = 'audit-due.refresh'`,
    );
    expect(cron[0].n).toBe(1);
  });

  test('a video uploaded on one server plays from the other, straight from the bucket', async () => {
    const [a, b] = servers;
    const hq = await signedIn(a, 'hq@example.com');
    const video = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));
    tinyVideo.copy(video);
    const form = new FormData();
    form.append('file', new Blob([video], { type: 'video/mp4' }), 'shift-briefing.mp4');
    const uploaded = await fetch(`${a.url}/api/uploads`, {
      method: 'POST',
      headers: { origin: a.url, cookie: hq },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    const staff = await signedIn(b, 'staff@example.com');
    const played = await fetch(`${b.url}/api/uploads/${id}/content`, {
      headers: { cookie: staff },
      redirect: 'manual',
    });
    expect([302, 307]).toContain(played.status);
    const location = played.headers.get('location') ?? '';
    expect(location.startsWith(`${bucket.url}/brigade-multi/`)).toBe(true);
    const fromBucket = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(fromBucket.status).toBe(206);
    expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(video.subarray(1000, 2000));
    // Who may watch is still the server's to decide.
    expect((await fetch(`${b.url}/api/uploads/${id}/content`, { redirect: 'manual' })).status).toBe(401);
    // Both servers say where files are kept.
    for (const server of servers) {
      const ready = (await call(server, 'GET', '/api/health/ready')).json as { storage?: { kind?: string } };
      expect(ready.storage?.kind).toBe('s3');
    }
  });
});
