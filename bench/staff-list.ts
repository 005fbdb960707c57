/**
 * How fast Staff Management stays with a large chain: 500 restaurants, 20,000 people
 * (1–2 restaurants each), 3 training assignments each. Seeds a fresh database (PGlite in
 * memory, and PostgreSQL when TEST_DATABASE_URL is set), signs in as hq over real HTTP,
 * and prints latency figures for the hq list's first page and searches. Prints only;
 * nothing here fails on a timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { insertUser } from '../apps/server/src/modules/users/insert-user';

const RESTAURANTS = 500;
const PEOPLE = 20_000;
const ROUNDS = 200;

async function seed(database: DatabaseHandle) {
  const { db } = database;
  await db.execute(sql`
    insert into restaurants (name, city, country, address)
    select 'Brigade ' || city || ' ' || n, city, 'Netherlands', 'Street ' || n
    from generate_series(1, ${RESTAURANTS}) n,
         lateral (select (array['Amsterdam','Utrecht','Rotterdam','Den Haag','Eindhoven','Groningen'])[1 + n % 6] as city) c`);
  await db.execute(sql`
    insert into users (id, name, email, role, email_verified)
    select gen_random_uuid()::text, 'Person ' || n, 'person' || n || '@example.com',
           case when n % 50 = 0 then 'manager' when n % 200 = 1 then 'hq' else 'staff' end, true
    from generate_series(1, ${PEOPLE}) n`);
  await db.execute(sql`
    insert into staff_restaurant_assignments (user_id, restaurant_id)
    select u.id, r.id from (select id, row_number() over (order by id) as n from users) u
    join (select id, row_number() over (order by id) as n from restaurants) r
      on r.n = 1 + u.n % ${RESTAURANTS} or (u.n % 7 = 0 and r.n = 1 + (u.n + 1) % ${RESTAURANTS})`);
  await db.execute(sql`insert into trainings (title) select 'Training ' || n from generate_series(1, 30) n`);
  await db.execute(sql`
    insert into staff_training_assignments (staff_id, training_id, completed_at)
    select u.id, t.id, case when random() < 0.6 then now() end
    from users u cross join lateral (select id from trainings order by random() limit 3) t`);
  await db.execute(sql`analyze`);
}

async function measure(label: string, database: DatabaseHandle) {
  const started = performance.now();
  await database.migrate();
  await seed(database);
  console.log(
    `\n${label}: seeded ${PEOPLE} people in ${RESTAURANTS} restaurants in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({
    database,
    publicUrl: 'http://localhost:3000',
    authSecret: 'bench-secret-bench-secret-bench-secret-00',
    signInRateLimit: 1000,
    sessionDays: 1,
    webRoot: null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-bench-')),
  });
  await insertUser(database.db, {
    name: 'Bench HQ',
    email: 'bench@example.com',
    role: 'hq',
    passwordHash: await hashPassword(app.auth, 'bench-password'),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';

  for (const [name, path] of [
    ['hq staff list, page 1', '/api/users'],
    ['search by restaurant name', '/api/users?search=Utrecht%2042'],
    ['search by email', '/api/users?search=person1234@'],
    ['search matching many', '/api/users?search=person&page=400'],
  ] as const) {
    const times: number[] = [];
    let total = 0;
    for (let round = 0; round < ROUNDS + 20; round++) {
      const t0 = performance.now();
      const response = await fetch(`${address}${path}`, { headers: { cookie } });
      const body = (await response.json()) as { total: number };
      if (round >= 20) times.push(performance.now() - t0);
      total = body.total;
    }
    times.sort((x, y) => x - y);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    console.log(
      `  ${name.padEnd(28)} matches ${String(total).padStart(6)}  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  (${ROUNDS} sequential requests)`,
    );
  }
  await app.close();
  await database.close();
}

await measure('PGlite (in memory)', await openDatabase({ kind: 'pglite-memory' }));

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `brigade_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await measure('PostgreSQL', await openDatabase({ kind: 'postgres', url: url.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('\n(TEST_DATABASE_URL is not set: PostgreSQL skipped.)');
}
