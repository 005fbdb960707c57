/**
 * Seeds the bench chain into a named PostgreSQL database and keeps it, to EXPLAIN a
 * screen's statements (bench/explain.ts) or copy it as a template (`createdb -T`):
 *
 *   node --import tsx bench/seed.ts --name brigade_chain_1x [--scale 5] [--no-checklists]
 *
 * The database is dropped first when it exists. It uses TEST_DATABASE_URL or DATABASE_URL
 * (the server), default postgres://postgres@127.0.0.1:5432/postgres.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { openDatabase } from '../apps/server/src/db/client';
import { BENCH_PASSWORD, buildBenchApp } from './bench-app';
import { BENCH_PEOPLE, seedChain } from './seed-chain';
import { checklistDaysAt, seedChecklists } from './seed-checklists';

const { values: args } = parseArgs({
  options: {
    name: { type: 'string' },
    scale: { type: 'string', default: '1' },
    'no-checklists': { type: 'boolean', default: false },
  },
});
if (!args.name || !/^[a-z_][a-z0-9_]*$/.test(args.name)) throw new Error('--name <database> (lower case, digits, _)');
const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${args.name} with (force)`);
await admin.query(`create database ${args.name}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${args.name}`;

const database = await openDatabase({ kind: 'postgres', url: url.toString() });
const app = await buildBenchApp(database);
try {
  const started = performance.now();
  await database.migrate();
  const steps: { step: string; ms: number }[] = [];
  const chain = await seedChain(
    database.db,
    await hashPassword(app.auth, BENCH_PASSWORD),
    Number(args.scale),
    (step, ms) => steps.push({ step, ms }),
  );
  console.log(`chain at ${args.scale}×: ${((performance.now() - started) / 1000).toFixed(1)} s`, chain.rows);
  const slowest = steps.sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log(`slowest steps: ${slowest.map(({ step, ms }) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  if (!args['no-checklists']) {
    const checklistsStarted = performance.now();
    const checklists = await seedChecklists(database, BENCH_PEOPLE, checklistDaysAt(Number(args.scale)));
    console.log(`checklists: ${((performance.now() - checklistsStarted) / 1000).toFixed(1)} s`, checklists.rows);
  }
  console.log(`seeded ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await app.close();
  await database.close();
}
