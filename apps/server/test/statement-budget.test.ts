import fs from 'node:fs';
import path from 'node:path';
import type { Role } from '@brigade/core/roles';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { BENCH_PEOPLE, seedChain } from '../../../bench/seed-chain';
import { hashPassword } from '../src/auth/passwords';
import { PASSWORD, startTestApp } from './harness';
import { listedEndpoints, MAX_ROUND_TRIPS } from './listed-endpoints';
import { costOf, type RawQuery, type Statement } from './statement-cost';

/**
 * Issue 38's performance budget: what each listed screen costs the database, in the
 * units that do not depend on the machine's speed or load. On the bench chain at a
 * tenth of its size (50 restaurants, 2,000 people, 40,000 assignments, 2,000 audits:
 * the same seed, so the same rows on every run), each request's SQL round trips and
 * the shared buffers its read statements touch (EXPLAIN ANALYZE BUFFERS) must stay
 * within the recorded figures plus a margin. A lost index, a query per row or a
 * screen that starts reading the whole chain fails it.
 *
 * The figures are per driver (PGlite and PostgreSQL plan differently), in
 * statement-budget.json. After a deliberate change, record them again:
 *   BRIGADE_RECORD_BUDGET=1 npx vitest run --project server apps/server/test/statement-budget.test.ts
 * (and with BRIGADE_TEST_DRIVER=postgres), then review the diff.
 */

const BUDGET_FILE = path.join(import.meta.dirname, 'statement-budget.json');
/** Room for what varies between runs of the same code (statistics, hint bits): a quarter, and 20 pages. */
const allowedBuffers = (recorded: number) => Math.ceil(recorded * 1.25) + 20;
const SCALE = 0.1;

type Budget = Record<string, { roundTrips: number; buffers: number }>;
type BudgetFile = Partial<Record<'pglite' | 'postgres', Budget>>;

let statements: Statement[] = [];
const t = await startTestApp({ onQuery: (query, params) => statements.push({ query, params }) });
const chain = await seedChain(t.db, await hashPassword(t.app.auth, PASSWORD), SCALE);
// Statistics from every row, not a sample, so the plans are the same on every run.
await t.db.execute(sql`set default_statistics_target = 10000`);
await t.db.execute(sql`analyze`);
const rawQuery = (t.db as unknown as { $client: { query: RawQuery } }).$client;
const query: RawQuery = (text, params) => rawQuery.query(text, params);

const cookies = {} as Record<Role, string>;
for (const role of ['hq', 'manager', 'staff'] as const) {
  const { cookie, response } = await t.signIn(BENCH_PEOPLE[role], PASSWORD);
  if (!cookie) throw new Error(`${role} could not sign in: ${response.body}`);
  cookies[role] = cookie;
}

const driver = t.database.driver;
const file: BudgetFile = fs.existsSync(BUDGET_FILE) ? JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) : {};
const recording = Boolean(process.env.BRIGADE_RECORD_BUDGET);
const measured: Budget = {};

const endpoints = listedEndpoints({
  restaurantId: chain.managerRestaurantId,
  restaurantSearch: chain.managerRestaurantName,
  auditId: chain.auditId,
  announcementId: chain.announcementId,
});

describe(`each listed screen's database cost on the bench chain at ${SCALE}× (${driver})`, () => {
  test.each(endpoints)('$name', async ({ name, role, path: url }) => {
    // Once first, so a screen's saved totals (written on first read) are in place.
    await t.request(cookies[role], { method: 'GET', url });
    statements = [];
    const response = await t.request(cookies[role], { method: 'GET', url });
    const sent = statements;
    expect(response.statusCode, response.body).toBe(200);
    let buffers = 0;
    for (const statement of sent) buffers += (await costOf(query, statement))?.buffers ?? 0;
    measured[name] = { roundTrips: sent.length, buffers };
    if (recording) return;

    const budget = file[driver]?.[name];
    expect(budget, `no budget recorded for "${name}" on ${driver}: record it (see the file's comment)`).toBeDefined();
    if (!budget) return;
    const listing = sent.map((statement) => statement.query).join('\n');
    expect(sent.length, listing).toBeLessThanOrEqual(Math.min(budget.roundTrips, MAX_ROUND_TRIPS));
    expect(buffers, `${name}: ${buffers} buffers against ${budget.buffers} recorded\n${listing}`).toBeLessThanOrEqual(
      allowedBuffers(budget.buffers),
    );
  });
});

afterAll(() => {
  if (recording && Object.keys(measured).length === endpoints.length) {
    fs.writeFileSync(BUDGET_FILE, `${JSON.stringify({ ...file, [driver]: measured }, null, 2)}\n`);
  }
});
