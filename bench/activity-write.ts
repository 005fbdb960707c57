/**
 * `npm run bench:activity-write` (issue 36, decision 043): what one audited write costs
 * more than the same write unaudited. On embedded PGlite and (with TEST_DATABASE_URL or
 * DATABASE_URL) on a scratch PostgreSQL database, it times --samples transactions that
 * rename a restaurant, alternately without and with `recordActivity` in the same
 * transaction (the chain head's upsert and the entry's insert: two round trips), after
 * --existing entries of the month before are in the log. Prints p50/p95 of both and of the
 * difference; writes bench/results/<date>-activity-write.json. Never fails on a timing;
 * the target is ≤ 1 ms added at p50.
 *
 *   npm run bench:activity-write
 *   npm run bench:activity-write -- --samples 5000 --driver postgres
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { ensureActivityPartitions } from '../apps/server/src/activity/maintenance';
import { recordActivity } from '../apps/server/src/activity/record';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { restaurants } from '../apps/server/src/db/schema/restaurants';
import { createScratchDatabase } from '../apps/server/test/scratch-database';

const TARGET_P50_MS = 1;

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '2000' },
    existing: { type: 'string', default: '100000' },
    driver: { type: 'string' },
  },
});
const samples = Number(args.samples);
const existing = Number(args.existing);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (ms: number) => Math.round(ms * 1000) / 1000;

async function bench(driver: 'pglite' | 'postgres', database: DatabaseHandle) {
  await database.migrate();
  const db = database.db;
  const [restaurant] = await db
    .insert(restaurants)
    .values({ name: 'Bench', city: 'Utrecht', country: 'Netherlands', address: 'Main Street 1' })
    .returning({ id: restaurants.id });
  if (!restaurant) throw new Error('no restaurant');
  // A log that is not empty, so its indexes have depth: --existing entries of the month
  // before, made in SQL (not chained: this bench times writes, it does not verify).
  await ensureActivityPartitions(db, new Date(Date.now() - 31 * 24 * 60 * 60 * 1000));
  await db.execute(sql`
    insert into activity_log (id, at, segment, seq, kind, actor_id, restaurant_id, object_type, object_id, prev_hash, hash)
    select gen_random_uuid(), date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 day'
        + (i % 86400) * interval '1 second',
      to_char(date_trunc('month', now() at time zone 'UTC') - interval '1 day', 'YYYY-MM'), i, 'setting.changed',
      'bench-' || (i % 500), ${restaurant.id}, 'setting', 'warm-' || i, '', ''
    from generate_series(1, ${existing}) as i`);
  const plain: number[] = [];
  const audited: number[] = [];
  for (let i = 0; i < samples + 200; i += 1) {
    const withEntry = i % 2 === 1;
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx
        .update(restaurants)
        .set({ name: `Bench ${i}` })
        .where(eq(restaurants.id, restaurant.id));
      if (withEntry) {
        await recordActivity(tx, {
          kind: 'restaurant.updated',
          actorId: 'bench-actor',
          restaurantId: restaurant.id,
          objectType: 'restaurant',
          objectId: restaurant.id,
          objectLabel: `Bench ${i}`,
          changes: { name: { from: `Bench ${i - 1}`, to: `Bench ${i}` } },
          address: '203.0.113.1',
          userAgent: 'bench',
        });
      }
    });
    const ms = performance.now() - started;
    // The first 200 warm the connection, the plan cache and the JIT.
    if (i >= 200) (withEntry ? audited : plain).push(ms);
  }
  const { rows } = (await db.execute(sql`select count(*)::int as n from activity_log`)) as unknown as {
    rows: { n: number }[];
  };
  const result = {
    driver,
    samples: plain.length + audited.length,
    entries: rows[0]?.n ?? 0,
    plainP50: round(percentile(plain, 50)),
    plainP95: round(percentile(plain, 95)),
    auditedP50: round(percentile(audited, 50)),
    auditedP95: round(percentile(audited, 95)),
    addedP50: round(percentile(audited, 50) - percentile(plain, 50)),
    addedP95: round(percentile(audited, 95) - percentile(plain, 95)),
    targetAddedP50: TARGET_P50_MS,
  };
  const verdict = result.addedP50 <= TARGET_P50_MS ? 'within' : 'OVER';
  console.log(
    `${driver}: a write ${result.plainP50} ms p50 (${result.plainP95} p95); audited ${result.auditedP50} ms p50 ` +
      `(${result.auditedP95} p95): +${result.addedP50} ms p50, +${result.addedP95} ms p95 — ${verdict} the ${TARGET_P50_MS} ms target (${result.entries} entries)`,
  );
  return result;
}

const results = [];
if (!args.driver || args.driver === 'pglite') {
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    results.push(await bench('pglite', database));
  } finally {
    await database.close();
  }
}
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if ((!args.driver || args.driver === 'postgres') && adminUrl) {
  const scratch = await createScratchDatabase(adminUrl, 'brigade_bench_activity');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    results.push(await bench('postgres', database));
  } finally {
    await database.close();
    await scratch.drop();
  }
}
const file = path.join(import.meta.dirname, 'results', `${new Date().toISOString().slice(0, 10)}-activity-write.json`);
fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), samples, existing, results }, null, 2)}\n`);
console.log(`written to ${path.relative(process.cwd(), file)}`);
