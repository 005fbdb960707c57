/**
 * `npm run bench` (API part): seeds a large chain (bench/seed-chain.ts) on PostgreSQL
 * (TEST_DATABASE_URL or DATABASE_URL, a fresh database that is dropped afterwards) and
 * on embedded PGlite, then drives the real server over HTTP with 32 connections from a
 * separate process (bench/load.ts). For every listed endpoint it prints req/s,
 * p50/p95/p99, SQL round trips per request, the floor (the same statements run straight
 * through the driver), the ceiling (a constant-JSON route behind Brigade's session check)
 * and the limit (plain Fastify and one prepared session lookup: bench/limit-server.ts).
 * Sign-ins are also measured as a burst beside a light load on the ceiling route, which
 * must keep its latency. Prints figures and writes bench/results/<date>-<driver>.json;
 * never fails on a timing.
 *
 *   npm run bench:api                  both drivers (PostgreSQL only when a URL is set)
 *   npm run bench:api -- --driver pglite   one driver
 *   npm run bench:api -- --seconds 5       shorter runs
 *   npm run bench:api -- --only actions    only the listed endpoints whose name has "actions"
 *   npm run bench:api -- --driver postgres --only checklists   issue 33: the checklist rows, job and log downloads
 *   npm run bench:api -- --driver postgres --scale 5   issue 38: the chain at 1× and at 5× in one run, and
 *                                                      each screen's 5× ÷ 1× (latency and buffers)
 *
 * PostgreSQL is loaded with 32 connections, PGlite with 8 (issue 38: one small chain on one
 * machine). Every row that misses a target gets EXPLAIN (ANALYZE, BUFFERS) of its statements
 * in the results file.
 *
 * On PostgreSQL the chain also gets issue 33's year of checklist records (bench/seed-checklists.ts)
 * and their rows (bench/checklists.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import type { Role } from '@brigade/core/roles';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../apps/server/src/db/client';
import {
  type ListedEndpoint,
  listedEndpoints,
  MAX_ROUND_TRIPS,
  MAX_SIGN_IN_ROUND_TRIPS,
} from '../apps/server/test/listed-endpoints';
import { createScratchDatabase } from '../apps/server/test/scratch-database';
import { costOf, planOf, type RawQuery, type Statement } from '../apps/server/test/statement-cost';
import { buildBenchApp, BENCH_PASSWORD as PASSWORD, BENCH_PUBLIC_URL as PUBLIC_URL, rawClientOf } from './bench-app';
import { benchChecklistJob, CHECKLIST_TARGETS, checklistDownloads, checklistEndpoints } from './checklists';
import { benchCsvExport, type CsvExportResult } from './csv-export';
import { startLimitServer } from './limit-server';
import type { LoadOptions, LoadResult } from './load';
import { benchReminderRun, seedNotifications } from './notifications';
import { BENCH_PEOPLE, seedChain } from './seed-chain';
import { checklistDaysAt, type SeededChecklists, seedChecklists } from './seed-checklists';

const TARGETS = {
  p95: 50,
  signInP95: 250,
  /** Issue 38: 32 sign-ins at once, all of them within 3 s. */
  signInBurstP95: 3000,
  pgliteP95: 200,
  ceilingShare: 0.5,
  limitShare: 0.5,
  besideBurstP95: 50,
  /** Issue 38: 5× ÷ 1× of a screen's p50 and buffers, by what it reads. */
  growth: { restaurant: 1.2, person: 1.2, chain: 1.5 },
};
/** Connections on the ceiling route while 32 sign in at once. */
const BESIDE_BURST_CONNECTIONS = 8;

const { values: args } = parseArgs({
  options: {
    driver: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    // Default: 32 on PostgreSQL, 8 on PGlite.
    connections: { type: 'string' },
    // Issue 38: also bench the chain at this many times its size (PostgreSQL), and print the ratios.
    scale: { type: 'string', default: '1' },
    // Keep the PostgreSQL database afterwards (its name is printed), to EXPLAIN queries.
    keep: { type: 'boolean', default: false },
    // Only the listed endpoints whose name contains this (no sign-in burst): `--only acknowledg`.
    only: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
let connections = 32;
const scale = Number(args.scale);

type Driver = 'postgres' | 'pglite';
type Seeded = Awaited<ReturnType<typeof seedChain>>;
type Cookies = Record<Role, string>;

interface Row {
  endpoint: string;
  role: Role | 'signed out';
  /** What the row's cost may grow with (listed endpoints only). */
  scope?: ListedEndpoint['scope'];
  /** Shared buffers one request's read statements touch (EXPLAIN ANALYZE BUFFERS). */
  buffers?: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement, for a row that misses a target. */
  plans?: string[][];
  roundTrips: number;
  /** What one request sent, for the results file. */
  statements?: string[];
  /** The size of one response's JSON body (issue 18: the overview page ≤ 30 kB). */
  bodyBytes?: number;
  load: LoadResult;
  floor: { p50: number; p95: number; failures?: number } | null;
  ceiling: { role: Role; requestsPerSecond: number } | null;
  /** The limit route's req/s in the same run. */
  limit: number | null;
}

const execFileAsync = promisify(execFile);

async function load(
  options: Omit<LoadOptions, 'connections' | 'warmupSeconds' | 'seconds'> & { connections?: number },
): Promise<LoadResult> {
  const full: LoadOptions = { connections, warmupSeconds, seconds, ...options };
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), JSON.stringify(full)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

/**
 * The floor: the statements one request sent, replayed in order straight through the
 * driver by 32 concurrent loops for the same duration. Sign-in's session insert gets
 * fresh ids on each replay, or it would collide with the row it already wrote.
 */
async function floor(run: (statement: Statement) => Promise<unknown>, statements: Statement[]) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          for (const statement of statements) await run(freshIds(statement));
        } catch {
          // A replay that fails (a deadlock, the pool's wait) is counted, not fatal: the
          // floor is a figure beside the load, not a test.
          failures += 1;
          continue;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  if (failures) console.log(`  floor: ${failures} replays failed`);
  return { p50: at(50), p95: at(95), failures };
}

function freshIds(statement: Statement): Statement {
  if (statement.query.startsWith('insert into "sessions"')) {
    const [, , ...rest] = statement.params;
    return { query: statement.query, params: [crypto.randomUUID(), crypto.randomUUID().replaceAll('-', ''), ...rest] };
  }
  // The activity log's entry (issue 36): its id is the parameter cast to uuid before the
  // entry's time; the same value in the hashed payload gets the same fresh id.
  const entryId = /insert into "activity_log".*?select \$(\d+)::uuid, \$\d+::timestamptz/s.exec(statement.query);
  if (!entryId) return statement;
  const id = statement.params[Number(entryId[1]) - 1];
  const fresh = crypto.randomUUID();
  return { query: statement.query, params: statement.params.map((param) => (param === id ? fresh : param)) };
}

async function openBenchDatabase(driver: Driver, onQuery: (query: string, params: unknown[]) => void) {
  if (driver === 'pglite') {
    const target: DatabaseTarget = { kind: 'pglite-memory' };
    return { database: await openDatabase(target, { onQuery }), url: null, dispose: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL or DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'brigade_bench');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url }, { onQuery });
  return {
    database,
    url: scratch.url,
    dispose: async () => {
      if (args.keep) return console.log(`kept database ${scratch.url}`);
      await scratch.drop();
    },
  };
}

interface Run {
  scale: number;
  seedSeconds: number;
  chainRows: Seeded['rows'] | undefined;
  checklistSeedSeconds?: number;
  limit: number;
  ceilings: Record<Role, number> | null;
  rows: Row[];
  exports: CsvExportResult[];
}

/** One driver at one scale: seed the chain, then measure sign-in and every listed endpoint; print the figures. */
async function bench(driver: Driver, atScale: number): Promise<Run> {
  const log = new StatementLog();
  const { database, url, dispose } = await openBenchDatabase(driver, log.record);
  const rows: Row[] = [];
  const exports: CsvExportResult[] = [];
  let seedSeconds = 0;
  let chain: Seeded | null = null;
  let limit = 0;
  let ceilings: Record<Role, number> | null = null;
  // Issue 33's checklists (PostgreSQL only: a million records do not belong in an embedded database).
  let checklists: (SeededChecklists & { seedSeconds: number }) | null = null;
  let checklistJobSeconds: number | null = null;
  const app = await buildBenchApp(database);
  try {
    const server = await startBenchServer(app, log);
    const started = performance.now();
    await database.migrate();
    chain = await seedChain(database.db, await hashPassword(app.auth, PASSWORD), atScale);
    seedSeconds = (performance.now() - started) / 1000;
    console.log(`\n${driver} at ${atScale}×: seeded in ${seedSeconds.toFixed(1)} s`, chain.rows);
    if (driver === 'postgres') {
      const checklistsStarted = performance.now();
      const seeded = await seedChecklists(database, BENCH_PEOPLE, checklistDaysAt(atScale));
      checklists = { ...seeded, seedSeconds: (performance.now() - checklistsStarted) / 1000 };
      console.log(`${driver}: checklists seeded in ${checklists.seedSeconds.toFixed(1)} s`, checklists.rows);
    }

    const cookies = await signInEachRole(server.address);
    limit = await measureLimit(database, url, cookies.hq);
    ceilings = await measureCeilings(server.address, cookies, limit);
    const rawClient = rawClientOf(database);
    const replay = (statement: Statement) => rawClient.query(statement.query, statement.params);
    const explain: RawQuery = (text, params) => rawClient.query(text, params);
    // Sign-in does not depend on the chain's size: measured at the first scale only.
    const first = atScale === 1 || scale === atScale;
    if (!args.only && first) rows.push(...(await benchSignIn(server, cookies.hq)));
    // The reminder job on the whole chain, beside a load on the ceiling route (issue 20);
    // then the bench staff member's long notification list for its listed row.
    if (!args.only) {
      const reminderRow = await benchReminderRun(database, {
        ceilingUrl: `${server.address}/api/bench/ceiling`,
        cookie: cookies.staff,
        warmupSeconds,
        load: (options) => load({ ...options, connections: BESIDE_BURST_CONNECTIONS }),
      });
      rows.push(reminderRow);
      printRow(reminderRow);
    }
    // Issue 33: the checklist job over the whole chain, beside a load on the ceiling route.
    if (checklists && (!args.only || 'checklists: job'.includes(args.only))) {
      const jobRow = await benchChecklistJob(database, checklists.rows.checklist_records ?? 0, {
        ceilingUrl: `${server.address}/api/bench/ceiling`,
        cookie: cookies.staff,
        warmupSeconds,
        load: (options) => load({ ...options, connections: BESIDE_BURST_CONNECTIONS }),
      });
      checklistJobSeconds = jobRow.checklistJob.firstSeconds;
      rows.push(jobRow);
      printRow(jobRow);
    }
    await seedNotifications(database, BENCH_PEOPLE.staff);
    const extra = checklists ? checklistEndpoints(checklists) : [];
    const endpoints = { chain, cookies, ceilings, limit, replay, explain };
    rows.push(...(await benchEndpoints(driver, server, endpoints, extra)));
    if (!args.only || 'csv export'.includes(args.only)) exports.push(...(await benchExports(server, cookies)));
    if (checklists && (!args.only || 'checklists: log downloads'.includes(args.only))) {
      for (const download of checklistDownloads(checklists)) {
        exports.push(await benchCsvExport(server.address, { ...download, cookie: cookies.manager }));
      }
    }
  } finally {
    await app.close();
    await database.close();
    await dispose();
  }
  printTable(driver, atScale, rows, limit, ceilings);
  printExports(exports);
  if (checklistJobSeconds !== null) {
    const met = checklistJobSeconds < CHECKLIST_TARGETS.jobSeconds;
    console.log(
      `checklist job, first run over the whole chain: ${checklistJobSeconds.toFixed(2)} s (target < ${CHECKLIST_TARGETS.jobSeconds} s: ${met ? 'met' : 'missed'})`,
    );
  }
  return {
    scale: atScale,
    seedSeconds,
    chainRows: { ...chain?.rows, ...checklists?.rows },
    checklistSeedSeconds: checklists?.seedSeconds,
    limit,
    ceilings,
    rows,
    exports,
  };
}

/** The statements the driver sends while a capture is on (and none otherwise). */
class StatementLog {
  private current: Statement[] | null = null;

  readonly record = (query: string, params: unknown[]) => {
    this.current?.push({ query, params });
  };

  start() {
    this.current = [];
  }

  stop(): Statement[] {
    const statements = this.current ?? [];
    this.current = null;
    return statements;
  }
}

interface BenchServer {
  address: string;
  /** Sends one request and returns the statements it made. */
  capture: (send: () => Promise<Response>) => Promise<Statement[]>;
  /** Resolves once the requests of the last load run have left the server. */
  settled: () => Promise<void>;
}

/**
 * The app listening on a free port, with the ceiling route: what a route costs that does
 * nothing after the guard (the HTTP and auth ceiling).
 */
async function startBenchServer(
  app: Awaited<ReturnType<typeof buildBenchApp>>,
  log: StatementLog,
): Promise<BenchServer> {
  app.get('/api/bench/ceiling', { onRequest: app.guard('session.read') }, async () => ({
    ok: true,
  }));
  // Requests still in the server when a load run ends must not count as the next capture's.
  // Counted out at onSend, which a handler reaches even when its client has gone (a
  // sign-in queued behind the password hash); onResponse would never come for those.
  let inFlight = 0;
  app.addHook('onRequest', async () => {
    inFlight += 1;
  });
  app.addHook('onSend', async () => {
    inFlight -= 1;
  });
  const settled = async () => {
    // Bounded, in case a request never reaches onSend.
    for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  async function capture(send: () => Promise<Response>) {
    await settled();
    log.start();
    const response = await send();
    const statements = log.stop();
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return statements;
  }
  return { address, capture, settled };
}

const JSON_POST = { 'content-type': 'application/json', origin: PUBLIC_URL };
const signInBody = (role: Role) => JSON.stringify({ email: BENCH_PEOPLE[role], password: PASSWORD });

/** A session cookie for the bench's hq, manager and staff person. */
async function signInEachRole(address: string): Promise<Cookies> {
  const cookies = {} as Cookies;
  for (const role of ['hq', 'manager', 'staff'] as const) {
    const response = await fetch(`${address}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: JSON_POST,
      body: signInBody(role),
    });
    const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
    if (!cookie) throw new Error(`${role} could not sign in: ${response.status} ${await response.text()}`);
    cookies[role] = cookie;
  }
  return cookies;
}

/** Requests per second of the limit route (bench/limit-server.ts), with the hq's session. */
async function measureLimit(database: DatabaseHandle, url: string | null, cookie: string): Promise<number> {
  const server = await startLimitServer(database, url);
  try {
    const result = await load({ url: server.url, headers: { cookie } });
    if (result.non2xx || result.errors) throw new Error(`the limit route failed: ${JSON.stringify(result)}`);
    console.log(
      `limit: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(result.p50)} / p95 ${ms(result.p95)} ms`,
    );
    return result.requestsPerSecond;
  } finally {
    await server.close();
  }
}

/** Requests per second of the ceiling route, per role. */
async function measureCeilings(address: string, cookies: Cookies, limit: number): Promise<Record<Role, number>> {
  const ceilings = {} as Record<Role, number>;
  for (const role of ['hq', 'manager', 'staff'] as const) {
    const result = await load({ url: `${address}/api/bench/ceiling`, headers: { cookie: cookies[role] } });
    ceilings[role] = result.requestsPerSecond;
    console.log(
      `ceiling (${role}): ${result.requestsPerSecond.toFixed(0)} req/s (${percent(result.requestsPerSecond / limit)} of the limit), p50 ${ms(result.p50)} / p95 ${ms(result.p95)} ms`,
    );
  }
  return ceilings;
}

/**
 * Sign-in at full concurrency, and on one connection; then the burst: 32 connections
 * signing in while 8 load the ceiling route with the hq's session, both rows printed.
 */
async function benchSignIn(server: BenchServer, hqCookie: string): Promise<Row[]> {
  const signInBodies = Array.from({ length: 500 }, (_, i) => 3 + i * 3)
    .filter((n) => n % 50 !== 0 && n % 200 !== 1 && n % 100 !== 37)
    .map((n) => JSON.stringify({ email: `person${n}@example.com`, password: PASSWORD }));
  const url = `${server.address}/api/auth/sign-in/email`;
  const statements = await server.capture(() =>
    fetch(url, { method: 'POST', headers: JSON_POST, body: signInBody('staff') }),
  );
  // No floor: replaying one sign-in's statements from 32 loops is one account signing in 32
  // times at once, which queues on that account's limit rows (and can deadlock there,
  // decision 049) — not what 32 people signing in cost.
  const signInFloor = null;
  const rows: Row[] = [];
  // Password hashing (scrypt) is CPU work: at 32 connections sign-ins queue for the
  // two cores, so the single-connection row shows what one sign-in costs.
  for (const signInConnections of [connections, 1]) {
    // Sign-ins a load run left queued behind the password hash would delay the next run's.
    await server.settled();
    const row: Row = {
      endpoint: signInConnections === connections ? 'sign-in' : 'sign-in, 1 connection',
      role: 'signed out',
      roundTrips: statements.length,
      statements: statements.map((statement) => statement.query),
      load: await load({
        url,
        method: 'POST',
        headers: JSON_POST,
        // One account per attempt in turn: the per-account limit (10 unfinished
        // attempts) would otherwise refuse 32 parallel sign-ins of one person.
        bodies: signInBodies,
        connections: signInConnections,
      }),
      floor: signInFloor,
      ceiling: null,
      limit: null,
    };
    rows.push(row);
    printRow(row);
  }
  await server.settled();
  const [burst, beside] = await Promise.all([
    load({ url, method: 'POST', headers: JSON_POST, bodies: signInBodies }),
    load({
      url: `${server.address}/api/bench/ceiling`,
      headers: { cookie: hqCookie },
      connections: BESIDE_BURST_CONNECTIONS,
    }),
  ]);
  for (const row of [
    { ...rows[0], endpoint: 'sign-in burst', load: burst } as Row,
    {
      endpoint: `ceiling beside the burst, ${BESIDE_BURST_CONNECTIONS} connections`,
      role: 'hq',
      roundTrips: 1,
      load: beside,
      floor: null,
      ceiling: null,
      limit: null,
    } as Row,
  ]) {
    rows.push(row);
    printRow(row);
  }
  return rows;
}

/** Every listed endpoint: its round trips, buffers, load figures and floor; the plans of each that misses. */
async function benchEndpoints(
  driver: Driver,
  server: BenchServer,
  {
    chain,
    cookies,
    ceilings,
    limit,
    replay,
    explain,
  }: {
    chain: Seeded;
    cookies: Cookies;
    ceilings: Record<Role, number>;
    limit: number;
    replay: (statement: Statement) => Promise<unknown>;
    explain: RawQuery;
  },
  extra: ListedEndpoint[] = [],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const endpoint of [
    ...listedEndpoints({
      restaurantId: chain.managerRestaurantId,
      restaurantSearch: chain.managerRestaurantName,
      auditId: chain.auditId,
      announcementId: chain.announcementId,
    }),
    ...extra,
  ].filter((endpoint) => !args.only || endpoint.name.includes(args.only))) {
    const url = `${server.address}${endpoint.path}`;
    const headers = { cookie: cookies[endpoint.role] };
    const statements = await server.capture(() => fetch(url, { headers }));
    const bodyBytes = Buffer.byteLength(await (await fetch(url, { headers })).text());
    let buffers = 0;
    for (const statement of statements) buffers += (await costOf(explain, statement))?.buffers ?? 0;
    const result = await load({ url, headers });
    const row: Row = {
      endpoint: endpoint.name,
      role: endpoint.role,
      scope: endpoint.scope,
      roundTrips: statements.length,
      buffers,
      statements: statements.map((statement) => statement.query),
      bodyBytes,
      load: result,
      floor: await floor(replay, statements),
      ceiling: { role: endpoint.role, requestsPerSecond: ceilings[endpoint.role] },
      limit,
    };
    if (missesOf(driver, row).length) {
      row.plans = [];
      for (const statement of statements) row.plans.push(await planOf(explain, statement));
    }
    rows.push(row);
    printRow(row);
  }
  return rows;
}

/**
 * Issue 21: the whole chain's lists as CSV (20,000 people, 20,000 audits), each timed with
 * the server's peak memory, after the loads (nothing else runs meanwhile).
 */
async function benchExports(server: BenchServer, cookies: Cookies): Promise<CsvExportResult[]> {
  await server.settled();
  const results: CsvExportResult[] = [];
  for (const exported of [
    { name: 'staff CSV, whole chain', path: '/api/users/export.csv' },
    { name: 'audits CSV, whole chain', path: '/api/audits/export.csv' },
  ]) {
    results.push(await benchCsvExport(server.address, { ...exported, cookie: cookies.hq }));
  }
  return results;
}

/** bench/results/<date>-<driver>.json, every scale of the run and their ratios; returns its path. */
function writeResults(driver: Driver, runs: Run[]): string {
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(import.meta.dirname, 'results', `${date}-${driver}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        driver,
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30) },
        connections,
        seconds,
        targets: TARGETS,
        runs,
        growth: runs.length > 1 ? growthOf(runs[0] as Run, runs.at(-1) as Run) : undefined,
      },
      null,
      2,
    )}\n`,
  );
  return file;
}

interface Growth {
  endpoint: string;
  scope: ListedEndpoint['scope'];
  /** At the larger scale ÷ at the smaller. */
  p50: number;
  p95: number;
  buffers: number | null;
  target: number;
  met: boolean;
}

/**
 * Each screen's growth from the smaller chain to the larger. Buffers are the judge: the
 * same on every machine and every run. Latency is printed beside them.
 */
function growthOf(small: Run, large: Run): Growth[] {
  return large.rows.flatMap((row) => {
    const before = small.rows.find((candidate) => candidate.endpoint === row.endpoint);
    if (!before || !row.scope) return [];
    const target = TARGETS.growth[row.scope];
    const buffers = before.buffers && row.buffers !== undefined ? row.buffers / before.buffers : null;
    return [
      {
        endpoint: row.endpoint,
        scope: row.scope,
        p50: row.load.p50 / before.load.p50,
        p95: row.load.p95 / before.load.p95,
        buffers,
        target,
        met: buffers === null || buffers <= target,
      },
    ];
  });
}

function printGrowth(small: Run, large: Run) {
  console.log(
    `\n${large.scale}× ÷ ${small.scale}× (target: restaurant and person screens ≤ ${TARGETS.growth.restaurant}, chain screens ≤ ${TARGETS.growth.chain}; judged on buffers)`,
  );
  console.log('| endpoint | scope | buffers | buffers ratio | p50 ratio | p95 ratio | target |');
  console.log('|---|---|---|---|---|---|---|');
  for (const growth of growthOf(small, large)) {
    const buffers = large.rows.find((row) => row.endpoint === growth.endpoint)?.buffers;
    const before = small.rows.find((row) => row.endpoint === growth.endpoint)?.buffers;
    console.log(
      `| ${growth.endpoint} | ${growth.scope} | ${before ?? '—'} → ${buffers ?? '—'} | ${growth.buffers === null ? '—' : growth.buffers.toFixed(2)} | ${growth.p50.toFixed(2)} | ${growth.p95.toFixed(2)} | ≤ ${growth.target}: ${growth.met ? 'met' : 'missed'} |`,
    );
  }
}

const ms = (value: number | null | undefined) =>
  value === undefined || value === null || Number.isNaN(value) ? '—' : value.toFixed(1);
const percent = (share: number | null) =>
  share === null || !Number.isFinite(share) ? '—' : `${(share * 100).toFixed(0)}%`;

function printRow(row: Row) {
  console.log(
    `  ${row.endpoint}: ${row.load.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(row.load.p50)} / p95 ${ms(row.load.p95)} / p99 ${ms(row.load.p99)} ms, ${row.roundTrips} round trips` +
      (row.bodyBytes === undefined ? '' : `, ${(row.bodyBytes / 1000).toFixed(1)} kB of JSON`) +
      (row.load.non2xx || row.load.errors ? `, ${row.load.non2xx} non-2xx, ${row.load.errors} errors` : ''),
  );
}

/** The targets a row misses (issue 10's round trips, issue 38's p95 and share of the ceiling). */
function missesOf(driver: Driver, row: Row): string[] {
  const share = row.ceiling ? row.load.requestsPerSecond / row.ceiling.requestsPerSecond : null;
  const p95Limit =
    row.endpoint === 'sign-in burst'
      ? TARGETS.signInBurstP95
      : row.endpoint.startsWith('sign-in')
        ? TARGETS.signInP95
        : row.endpoint.startsWith('ceiling beside')
          ? TARGETS.besideBurstP95
          : driver === 'postgres'
            ? TARGETS.p95
            : TARGETS.pgliteP95;
  const roundTripLimit = row.endpoint.startsWith('sign-in') ? MAX_SIGN_IN_ROUND_TRIPS : MAX_ROUND_TRIPS;
  return [
    row.load.p95 > p95Limit ? `p95 > ${p95Limit}` : null,
    row.roundTrips > roundTripLimit ? `> ${roundTripLimit} round trips` : null,
    driver === 'postgres' && share !== null && share < TARGETS.ceilingShare
      ? `req/s < ${percent(TARGETS.ceilingShare)} of ceiling`
      : null,
    row.load.non2xx || row.load.errors ? 'errors' : null,
  ].filter((miss): miss is string => miss !== null);
}

function printTable(
  driver: Driver,
  atScale: number,
  rows: Row[],
  limit: number,
  ceilings: Record<Role, number> | null,
) {
  console.log(`\n${driver} at ${atScale}×, ${connections} connections, ${seconds} s per endpoint`);
  console.log(`limit (plain Fastify + one prepared session lookup): ${limit.toFixed(0)} req/s`);
  for (const [role, ceiling] of Object.entries(ceilings ?? {})) {
    const share = ceiling / limit;
    console.log(
      `ceiling (${role}): ${ceiling.toFixed(0)} req/s, ${percent(share)} of the limit (target ≥ ${percent(TARGETS.limitShare)}: ${share >= TARGETS.limitShare ? 'met' : 'missed'})`,
    );
  }
  console.log(
    '| endpoint | req/s | p50 ms | p95 ms | p99 ms | SQL round trips | buffers | floor p50 ms | p50 ÷ floor | ceiling req/s | req/s ÷ ceiling | req/s ÷ limit | targets |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const share = row.ceiling ? row.load.requestsPerSecond / row.ceiling.requestsPerSecond : null;
    const misses = missesOf(driver, row);
    console.log(
      `| ${row.endpoint} (${row.role}) | ${row.load.requestsPerSecond.toFixed(0)} | ${ms(row.load.p50)} | ${ms(row.load.p95)} | ${ms(row.load.p99)} | ${row.roundTrips} | ${row.buffers ?? '—'} | ${ms(row.floor?.p50)} | ${row.floor ? (row.load.p50 / row.floor.p50).toFixed(1) : '—'} | ${row.ceiling ? row.ceiling.requestsPerSecond.toFixed(0) : '—'} | ${percent(share)} | ${percent(row.limit ? row.load.requestsPerSecond / row.limit : null)} | ${misses.length ? misses.join(', ') : 'met'} |`,
    );
  }
}

function printExports(exports: CsvExportResult[]) {
  if (exports.length === 0) return;
  console.log('\n| CSV export | rows | MiB | first byte ms | total s | server peak RSS +MiB | server peak heap +MiB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const result of exports) {
    console.log(
      `| ${result.name} | ${result.rows} | ${(result.bytes / 2 ** 20).toFixed(1)} | ${result.firstByteMs.toFixed(0)} | ${(result.totalMs / 1000).toFixed(2)} | ${result.peakRssDeltaMiB.toFixed(1)} | ${result.peakHeapDeltaMiB.toFixed(1)} |`,
    );
  }
}

const drivers: Driver[] =
  args.driver === 'postgres' || args.driver === 'pglite'
    ? [args.driver]
    : [...(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? (['postgres'] as const) : []), 'pglite'];
for (const driver of drivers) {
  connections = Number(args.connections ?? (driver === 'postgres' ? 32 : 8));
  // The larger chain is PostgreSQL's: millions of rows do not belong in an embedded database.
  const scales = driver === 'postgres' && scale !== 1 ? [1, scale] : [1];
  const runs: Run[] = [];
  for (const atScale of scales) runs.push(await bench(driver, atScale));
  const [small, large] = runs;
  if (small && large) printGrowth(small, large);
  console.log(`written to ${path.relative(process.cwd(), writeResults(driver, runs))}`);
}
