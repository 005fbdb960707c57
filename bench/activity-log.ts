/**
 * `npm run bench:activity-log` (issue 36, decision 044): the Activity Log screen's page over
 * a log of 10 million entries on PostgreSQL. A scratch database (TEST_DATABASE_URL or
 * DATABASE_URL, dropped afterwards unless --keep) is migrated, given a monthly partition
 * for each of the last --months months, and filled with `generate_series` in SQL: entries
 * spread evenly over those months, over --people actors and --restaurants restaurants. Then
 * it times the query the route runs (`readActivityPage`, the service call behind
 * GET /api/activity) for random people and restaurants: the newest page, and the page
 * after it by cursor; and a manager's page (their two restaurants, sign-ins left out).
 * Prints p50/p95/p99 and the plan of one query; writes bench/results/<date>-activity-log.json.
 * Never fails on a timing; the target is p95 ≤ 50 ms for a page filtered by person or restaurant.
 *
 *   npm run bench:activity-log
 *   npm run bench:activity-log -- --rows 1000000 --samples 100
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../apps/server/src/auth/session-user';
import { openDatabase } from '../apps/server/src/db/client';
import type { Database } from '../apps/server/src/db/database';
import { listActivity } from '../apps/server/src/modules/activity-log/service';
import { createScratchDatabase } from '../apps/server/test/scratch-database';

const TARGET_P95_MS = 50;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000000' },
    months: { type: 'string', default: '12' },
    people: { type: 'string', default: '2000' },
    restaurants: { type: 'string', default: '100' },
    samples: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
const months = Number(args.months);
const people = Number(args.people);
const restaurants = Number(args.restaurants);
const samples = Number(args.samples);

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('Set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server the bench may create a database on.');
  process.exit(1);
}

/** The n-th bench person or restaurant: a fixed uuid, so samples can name one without a lookup. */
const idOf = (kind: 'person' | 'restaurant', n: number) =>
  `00000000-0000-4000-${kind === 'person' ? '8000' : '9000'}-${n.toString(16).padStart(12, '0')}`;
/** `idOf` in SQL, of the number `expression` gives. */
const idSql = (kind: 'person' | 'restaurant', expression: string) =>
  sql.raw(`('00000000-0000-4000-${kind === 'person' ? '8000' : '9000'}-' || lpad(to_hex(${expression}), 12, '0'))`);

const KINDS = [
  'auth.signIn',
  'auth.signIn',
  'auth.signOut',
  'user.updated',
  'audit.submitted',
  'correctiveAction.updated',
  'checklistRun.corrected',
  'restaurant.updated',
  'export',
];

async function seed(db: Database) {
  for (let month = 0; month <= months; month += 1) {
    await db.execute(
      sql`select activity_log_ensure_partition(((now() at time zone 'UTC') - ${month} * interval '1 month')::date)`,
    );
  }
  const chunk = 500_000;
  const spanSeconds = months * 30 * 86_400;
  const started = performance.now();
  for (let from = 1; from <= rows; from += chunk) {
    const to = Math.min(rows, from + chunk - 1);
    // Entry g: g-th oldest, `at` spread evenly over the months; people and restaurants
    // interleaved so each has entries in every month (a person's are ~rows/people).
    await db.execute(sql`
      insert into activity_log (id, at, segment, seq, kind, actor_id, actor_label, restaurant_id, object_type,
        object_id, object_label, changes, details, address, user_agent, prev_hash, hash)
      select gen_random_uuid(), e.at, to_char(e.at at time zone 'UTC', 'YYYY-MM'), g, ${sql.raw(
        `(array[${KINDS.map((kind) => `'${kind}'`).join(',')}])`,
      )}[1 + g % ${KINDS.length}],
        ${idSql('person', `(g * 7919) % ${people}`)}, null,
        ${idSql('restaurant', `(g * 104729) % ${restaurants}`)}::uuid, 'user', g::text, 'Bench person ' || (g % ${people}),
        jsonb_build_object('role', jsonb_build_object('from', 'staff', 'to', 'manager')), null,
        '203.0.113.' || (g % 250), 'Mozilla/5.0 (bench)', repeat('0', 64), md5(g::text) || md5(g::text)
      from generate_series(${from}::bigint, ${to}::bigint) g,
        lateral (select now() - make_interval(secs => ${spanSeconds} * (1 - g::float8 / ${rows})) as at) e`);
    const done = to;
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\r  ${done.toLocaleString('en')} entries in ${seconds.toFixed(0)} s`);
  }
  process.stdout.write('\n');
  await db.execute(sql`analyze activity_log`);
}

function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

interface Row {
  name: string;
  samples: number;
  rowsPerPage: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Times `run` `samples` times after 10 warm-up runs; `run` answers the rows shown, and the time itself when it times only part of its work. */
async function time(name: string, run: () => Promise<number | { shown: number; ms: number }>): Promise<Row> {
  const times: number[] = [];
  let shown = 0;
  for (let index = 0; index < 10; index += 1) await run();
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const outcome = await run();
    const elapsed = performance.now() - started;
    shown += typeof outcome === 'number' ? outcome : outcome.shown;
    times.push(typeof outcome === 'number' ? elapsed : outcome.ms);
  }
  times.sort((x, y) => x - y);
  const row = {
    name,
    samples,
    rowsPerPage: Math.round(shown / samples),
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
  };
  console.log(
    `  ${name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  (${row.rowsPerPage} rows)${row.p95 > TARGET_P95_MS ? '  ABOVE TARGET' : ''}`,
  );
  return row;
}

const scratch = await createScratchDatabase(adminUrl, 'brigade_bench_activity');
const database = await openDatabase({ kind: 'postgres', url: scratch.url });
try {
  await database.migrate();
  console.log(
    `Activity log bench on PostgreSQL (${scratch.name}): ${rows.toLocaleString('en')} entries, ${months} months`,
  );
  await seed(database.db);
  const hq: SessionUser = {
    id: idOf('person', 0),
    name: 'Bench hq',
    email: 'hq@bench.example',
    role: 'hq',
    restaurantIds: [],
    sessionToken: '',
    mustChangePassword: false,
    language: null,
  };
  const manager: SessionUser = {
    ...hq,
    role: 'manager',
    restaurantIds: [idOf('restaurant', 1), idOf('restaurant', 2)],
  };
  const random = (count: number) => Math.floor(Math.random() * count);
  const page = { pageSize: 25 };

  const results = [
    await time('newest page, unfiltered (hq)', async () => (await listActivity(database.db, hq, page)).items.length),
    await time('page filtered by person (hq)', async () => {
      const result = await listActivity(database.db, hq, { ...page, actorId: idOf('person', random(people)) });
      return result.items.length;
    }),
    await time('next page by cursor, filtered by person', async () => {
      const actorId = idOf('person', random(people));
      const first = await listActivity(database.db, hq, { ...page, actorId });
      if (!first.older) return { shown: 0, ms: 0 };
      // Only the second page is timed: the first is the row above.
      const started = performance.now();
      const next = await listActivity(database.db, hq, { ...page, actorId, before: first.older });
      return { shown: next.items.length, ms: performance.now() - started };
    }),
    await time('page filtered by restaurant (hq)', async () => {
      const result = await listActivity(database.db, hq, {
        ...page,
        restaurantId: idOf('restaurant', random(restaurants)),
      });
      return result.items.length;
    }),
    await time('page filtered by person and kind (hq)', async () => {
      const result = await listActivity(database.db, hq, {
        ...page,
        actorId: idOf('person', random(people)),
        kind: 'user.updated',
      });
      return result.items.length;
    }),
    await time("manager's page (2 restaurants, no sign-ins)", async () => {
      return (await listActivity(database.db, manager, page)).items.length;
    }),
    await time("manager's page, one restaurant, last month", async () => {
      const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const result = await listActivity(database.db, manager, { ...page, restaurantId: idOf('restaurant', 1), from });
      return result.items.length;
    }),
  ];

  const { rows: plan } = (await database.db.execute(sql`explain (analyze, buffers, costs off)
    select l.id from activity_log l where l.actor_id = ${idOf('person', 7)} order by l.at desc nulls last, l.id desc nulls last limit 26`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  console.log('\n  Plan of a page filtered by person:');
  for (const line of plan.slice(0, 14)) console.log(`    ${line['QUERY PLAN']}`);

  const file = path.join(import.meta.dirname, 'results', `${new Date().toISOString().slice(0, 10)}-activity-log.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ driver: 'postgres', rows, months, people, restaurants, targetP95Ms: TARGET_P95_MS, results }, null, 2)}\n`,
  );
  console.log(`\n  Written to ${path.relative(process.cwd(), file)}`);
} finally {
  await database.close();
  if (args.keep) console.log(`Kept ${scratch.url}`);
  else await scratch.drop();
}
