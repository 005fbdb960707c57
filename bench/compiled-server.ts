/**
 * Before → after of decision 034, in one run: the server from its TypeScript sources
 * through tsx (`node --import tsx apps/server/src/main.ts`, what `npm start` ran before)
 * against the compiled server (`node apps/server/dist/main.js`, what it runs now), as
 * separate processes on the same database with the demo chain loaded:
 *
 * - start to ready: from spawning the process to the first 200 of `/api/health/ready`
 *   (a restart: the database is migrated and holds the demo chain already);
 * - resident memory (VmRSS) 2 s after ready, before any request but the readiness polls;
 * - the ceiling route (bench/run.ts's constant JSON behind the session check, added by the
 *   preload bench/ceiling-route.mjs to both), signed in as hq, 32 connections.
 *
 * Starts alternate (source, compiled, compiled, source, …) so that a machine growing busier
 * weighs on both alike. Prints a table and writes bench/results/<date>-compiled-server.json.
 *
 *   node --import tsx bench/compiled-server.ts [--runs 5] [--rounds 2] [--seconds 10] [--driver pglite|postgres]
 *   (TEST_DATABASE_URL or DATABASE_URL set: PostgreSQL as well as PGlite)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sessionCookieOf } from '../apps/server/test/harness';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/scratch-database';
import { freePort } from '../apps/server/test/server-process';
import type { LoadOptions, LoadResult } from './load';

const root = path.resolve(import.meta.dirname, '..');
const VARIANTS = {
  source: ['--import', 'tsx', 'apps/server/src/main.ts'],
  compiled: ['apps/server/dist/main.js'],
} as const;
type Variant = keyof typeof VARIANTS;
type Driver = 'pglite' | 'postgres';
const DEMO_HQ = { email: 'hq@example.com', password: 'demo1234' };

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '10' },
    // One database only: pglite or postgres.
    driver: { type: 'string' },
  },
});
const runs = Number(flags.runs);
const rounds = Number(flags.rounds);
const seconds = Number(flags.seconds);

interface Running {
  child: ChildProcess;
  url: string;
  readyMs: number;
  /** CPU time the process used to get ready: unlike readyMs, barely moved by other work on the machine. */
  readyCpuMs: number;
  exited: Promise<unknown>;
}

interface Target {
  driver: Driver;
  dataDir: string;
  databaseUrl?: string;
}

async function startServer(variant: Variant, target: Target, options: { preload?: string; demo?: boolean } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(options.preload ? ['--import', options.preload] : []),
      ...VARIANTS[variant],
      ...(options.demo ? ['--demo'] : []),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: target.dataDir,
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
        SIGN_IN_RATE_LIMIT: '1000000',
        LOG_LEVEL: 'warn',
      },
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${variant} server exited:\n${output}`);
    const ok = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 180_000) throw new Error(`the ${variant} server was not ready:\n${output}`);
    await sleep(20);
  }
  const readyMs = performance.now() - started;
  return { child, url, readyMs, readyCpuMs: cpuMs(child.pid ?? 0), exited } satisfies Running;
}

async function stopServer(server: Running) {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** CPU time (user + system) a process has used so far, in ms (Linux, /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Resident memory of a process in MB (Linux). */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

async function load(options: Omit<LoadOptions, 'connections' | 'warmupSeconds' | 'seconds'>): Promise<LoadResult> {
  const full: LoadOptions = { connections: 32, warmupSeconds: 3, seconds, ...options };
  const stdout = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), JSON.stringify(full)],
    { maxBuffer: 1024 * 1024, encoding: 'utf8' },
  );
  return JSON.parse(stdout) as LoadResult;
}

async function signIn(server: Running): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_HQ),
  });
  await response.arrayBuffer();
  const cookie = sessionCookieOf(response.headers.getSetCookie());
  if (!cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

interface DriverResult {
  driver: Driver;
  starts: Record<Variant, { readyMs: number[]; readyCpuMs: number[]; residentMb: number[] }>;
  ceiling: Record<Variant, (LoadResult & { serverCpuMsPerRequest: number })[]>;
}

async function measure(target: Target): Promise<DriverResult> {
  // The demo chain, loaded once (by the compiled server): every start below is a restart.
  await stopServer(await startServer('compiled', target, { demo: true }));
  const result: DriverResult = {
    driver: target.driver,
    starts: {
      source: { readyMs: [], readyCpuMs: [], residentMb: [] },
      compiled: { readyMs: [], readyCpuMs: [], residentMb: [] },
    },
    ceiling: { source: [], compiled: [] },
  };
  for (let run = 0; run < runs; run += 1) {
    const order: Variant[] = run % 2 === 0 ? ['source', 'compiled'] : ['compiled', 'source'];
    for (const variant of order) {
      const server = await startServer(variant, target);
      await sleep(2000);
      const rss = residentMb(server.child.pid ?? 0);
      await stopServer(server);
      result.starts[variant].readyMs.push(server.readyMs);
      result.starts[variant].readyCpuMs.push(server.readyCpuMs);
      result.starts[variant].residentMb.push(rss);
      console.log(
        `${target.driver} ${variant}: ready in ${server.readyMs.toFixed(0)} ms (${server.readyCpuMs.toFixed(0)} ms of CPU), ${rss.toFixed(1)} MB resident`,
      );
    }
  }
  const preload = path.join(import.meta.dirname, 'ceiling-route.mjs');
  for (let round = 0; round < rounds; round += 1) {
    const order: Variant[] = round % 2 === 0 ? ['source', 'compiled'] : ['compiled', 'source'];
    for (const variant of order) {
      const server = await startServer(variant, target, { preload });
      const cookie = await signIn(server);
      const cpuBefore = cpuMs(server.child.pid ?? 0);
      const loaded = await load({ url: `${server.url}/api/bench/ceiling`, headers: { cookie } });
      // The warm-up's requests are not in `requests`: CPU per request reads a little high, alike for both.
      const serverCpuMsPerRequest = (cpuMs(server.child.pid ?? 0) - cpuBefore) / loaded.requests;
      const outcome = { ...loaded, serverCpuMsPerRequest };
      await stopServer(server);
      result.ceiling[variant].push(outcome);
      console.log(
        `${target.driver} ${variant} ceiling: ${outcome.requestsPerSecond.toFixed(0)} req/s, ${(serverCpuMsPerRequest * 1000).toFixed(0)} µs of server CPU per request, p50 ${outcome.p50.toFixed(1)} / p95 ${outcome.p95.toFixed(1)} ms (non-2xx ${outcome.non2xx}, errors ${outcome.errors})`,
      );
    }
  }
  return result;
}

function printTable(results: DriverResult[]) {
  const lines = [
    '| database | server | start to ready, median ms (min–max) | CPU to ready, median ms | resident MB after start, median | ceiling req/s, mean | server CPU per ceiling request, median µs | ceiling p50 / p95 ms |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const variant of ['source', 'compiled'] as const) {
      const { readyMs, readyCpuMs, residentMb } = result.starts[variant];
      const ceiling = result.ceiling[variant];
      const rps = ceiling.reduce((sum, outcome) => sum + outcome.requestsPerSecond, 0) / ceiling.length;
      const cpuPerRequest = median(ceiling.map((outcome) => outcome.serverCpuMsPerRequest * 1000));
      lines.push(
        `| ${result.driver} | ${variant === 'source' ? 'source (tsx)' : 'compiled'} | ${median(readyMs).toFixed(0)} (${Math.min(...readyMs).toFixed(0)}–${Math.max(...readyMs).toFixed(0)}) | ${median(readyCpuMs).toFixed(0)} | ${median(residentMb).toFixed(0)} | ${rps.toFixed(0)} | ${cpuPerRequest.toFixed(0)} | ${median(ceiling.map((outcome) => outcome.p50)).toFixed(1)} / ${median(ceiling.map((outcome) => outcome.p95)).toFixed(1)} |`,
      );
    }
  }
  console.log(lines.join('\n'));
}

async function main() {
  console.log('Building the server (apps/server/build.mjs)...');
  execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  const loadAverage = os.loadavg().map((value) => value.toFixed(2));
  const results: DriverResult[] = [];
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let scratch: ScratchDatabase | undefined;
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-compiled-bench-'));
    dataDirs.push(dir);
    return dir;
  };
  try {
    if (flags.driver !== 'postgres') results.push(await measure({ driver: 'pglite', dataDir: dataDir() }));
    if (adminUrl && flags.driver !== 'pglite') {
      scratch = await createScratchDatabase(adminUrl, 'brigade_bench_compiled');
      results.push(await measure({ driver: 'postgres', dataDir: dataDir(), databaseUrl: scratch.url }));
    }
  } finally {
    await scratch?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(results);
  console.log(
    `Load average at the start: ${loadAverage.join(', ')}; ${os.cpus().length} cores; Node ${process.version}.`,
  );
  const file = path.join(root, 'bench/results', `${new Date().toISOString().slice(0, 10)}-compiled-server.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ node: process.version, loadAverage, runs, rounds, seconds, results }, null, 2)}\n`,
  );
  console.log(`Written to ${path.relative(root, file)}.`);
}

await main();
