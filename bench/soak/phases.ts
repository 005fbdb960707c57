/**
 * The soak's phases. Each starts the real server as a child process on a database of
 * its own, drives it with simulated people, does its harm (none, kill -9, a PostgreSQL
 * restart, SIGTERM) and checks the database afterwards.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { rawClientOf } from '../bench-app';
import { Balancer } from './balancer';
import { bodyText, type OpSummary, type Outcome, percentile, Recorder, round, Session, sleep } from './http';
import { checkInvariants, type InvariantResult, Ledger, type LedgerReport } from './ledger';
import { runPeople, setUpWorld, type World, type WorldOptions } from './scenario';
import {
  ADMIN_URL,
  createDatabase,
  errorMessages,
  freePort,
  ServerProcess,
  type ServerTarget,
  type SqlQuery,
  StartFailure,
  withPg,
} from './server';

const execFileAsync = promisify(execFile);

export interface PhaseOptions {
  seconds: number;
  users: number;
  thinkMs: number;
  /** Kill rounds; unset: each phase's own default (crash 10, multi 4). */
  kills?: number;
}

export interface PhaseResult {
  phase: string;
  /** False when the phase could not run to its end (not: when it found something). */
  ran: boolean;
  error?: string;
  /** Checks that failed: each is a violated invariant. */
  failed: string[];
  findings: string[];
  figures: Record<string, unknown>;
  ops?: OpSummary[];
  invariants?: InvariantResult[];
  ledger?: LedgerReport;
  serverErrors?: { message: string; count: number }[];
}

const WORLD: WorldOptions = { extraStaff: 24, extraManagers: 4, extraHq: 2, editables: 0 };
const CRASH_WORLD: WorldOptions = { ...WORLD, editables: 8 };

const log = (line: string) => console.log(`  ${line}`);

function tmpDir(label: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `brigade-soak-${label}-`));
}

/** Resident memory of a process in MB, from /proc (Linux); NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function rssSampler(server: () => ServerProcess) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const rss = rssMb(server().pid);
    if (Number.isFinite(rss)) samples.push(rss);
  }, 2000);
  return {
    stop: () => clearInterval(timer),
    figures: () => ({
      rssStartMb: round(samples[0] ?? Number.NaN),
      rssEndMb: round(samples.at(-1) ?? Number.NaN),
      rssMaxMb: round(Math.max(...samples)),
    }),
  };
}

/** The checks after a phase: every acknowledged write present, and the invariants. */
async function verify(
  result: PhaseResult,
  ledger: Ledger,
  query: (run: (q: SqlQuery) => Promise<void>) => Promise<void>,
) {
  await query(async (q) => {
    result.ledger = await ledger.verify(q);
    result.invariants = await checkInvariants(q);
  });
  if (result.ledger && result.ledger.lost > 0) result.failed.push(`lost writes: ${result.ledger.lost}`);
  for (const invariant of result.invariants ?? []) {
    if (invariant.violations > 0) result.failed.push(`invariant "${invariant.name}": ${invariant.violations} rows`);
  }
}

function fiveXxFindings(result: PhaseResult, recorder: Recorder, where = '') {
  if (recorder.fiveXxTotal === 0) return;
  result.findings.push(`${recorder.fiveXxTotal} responses were 5xx${where}`);
  for (const [key, { count, body }] of recorder.bodies) {
    if (/ 5\d\d$/.test(key)) result.findings.push(`  ${key} ×${count}: ${body}`);
  }
}

function unexpected4xx(result: PhaseResult, recorder: Recorder) {
  for (const [key, { count, body }] of recorder.bodies) {
    if (/ 4\d\d$/.test(key))
      result.findings.push(`4xx (not a failure, check it is expected) ${key} ×${count}: ${body}`);
  }
}

async function withPostgres<T>(label: string, run: (target: ServerTarget) => Promise<T>): Promise<T> {
  const database = await createDatabase(label);
  const dataDir = tmpDir(label);
  try {
    return await run({ databaseUrl: database.url, dataDir, port: await freePort() });
  } finally {
    await database.drop().catch((error) => console.error(`could not drop ${database.name}: ${error}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function newResult(phase: string): PhaseResult {
  return { phase, ran: false, failed: [], findings: [], figures: {} };
}

/** 1. Many people for minutes: latency per operation, 5xx, and every acknowledged write kept. */
export async function loadPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('load');
  await withPostgres('load', async (target) => {
    const server = new ServerProcess(target);
    try {
      const startMs = await server.waitHealthy();
      log(`server up in ${(startMs / 1000).toFixed(1)} s (PostgreSQL, port ${target.port})`);
      const ledger = new Ledger();
      const world = await setUpWorld(server.baseUrl, new Recorder(), ledger, WORLD);
      log(
        `accounts: ${world.accounts.hq.length} hq, ${world.accounts.manager.length} managers, ${world.accounts.staff.length} staff`,
      );
      const recorder = new Recorder();
      const rss = rssSampler(() => server);
      const started = performance.now();
      const until = started + options.seconds * 1000;
      const progress = setInterval(() => {
        log(
          `${Math.round((performance.now() - started) / 1000)} s: ${recorder.total()} requests, ${recorder.fiveXxTotal} 5xx`,
        );
      }, 30_000);
      await runPeople({
        world,
        recorder,
        ledger,
        people: options.users,
        kind: 'mixed',
        thinkMs: options.thinkMs,
        stop: () => performance.now() >= until,
      });
      clearInterval(progress);
      rss.stop();
      const elapsed = (performance.now() - started) / 1000;
      const alive = server.alive;
      if (!alive) {
        result.failed.push(`the server died during the load (${JSON.stringify(server.exit)})`);
        result.findings.push(`the server's last output:\n${server.tail()}`);
      }
      result.ops = recorder.summary();
      result.figures = {
        users: options.users,
        seconds: round(elapsed),
        requests: recorder.total(),
        requestsPerSecond: round(recorder.total() / elapsed),
        fiveXx: recorder.fiveXxTotal,
        networkErrors: recorder.total('network'),
        ...rss.figures(),
      };
      fiveXxFindings(result, recorder);
      unexpected4xx(result, recorder);
      for (const [key, count] of recorder.networkErrors) result.findings.push(`network error ${key} ×${count}`);
      const exit = await server.stop();
      result.figures.exitOnSigterm = exit.code;
      await verify(result, ledger, (run) => withPg(target.databaseUrl ?? '', run));
      result.ran = true;
    } finally {
      await server.stop();
      result.serverErrors = errorMessages(server.errorLines());
    }
  });
  return result;
}

interface KillRecord {
  kill: number;
  upBeforeKillMs: number;
  restartMs: number | null;
  networkErrorsAround: number;
}

/**
 * 2./3. kill -9 under concurrent writes, again and again, restarting each time; then the
 * ledger and the invariants. On PGlite also: does it open and serve after each kill.
 */
async function crashLoop(
  result: PhaseResult,
  target: ServerTarget,
  options: PhaseOptions & { people: number; thinkMs: number; pglite: boolean },
): Promise<{ ledger: Ledger; servers: ServerProcess[] }> {
  const servers: ServerProcess[] = [];
  let server = new ServerProcess(target);
  servers.push(server);
  const startMs = await server.waitHealthy(180_000);
  log(`server up in ${(startMs / 1000).toFixed(1)} s`);
  const ledger = new Ledger();
  const world = await setUpWorld(
    server.baseUrl,
    new Recorder(),
    ledger,
    options.pglite ? { ...CRASH_WORLD, extraStaff: 8, editables: 3 } : CRASH_WORLD,
  );
  const recorder = new Recorder();
  let stopped = false;
  const people = runPeople({
    world,
    recorder,
    ledger,
    people: options.people,
    kind: 'writes',
    thinkMs: options.thinkMs,
    stop: () => stopped,
  });
  // Every writer signed in and writing before the first kill.
  await warmUp(recorder, options.people, 0);
  const kills: KillRecord[] = [];
  const openFailures: string[] = [];
  let acksAtKills: Record<string, number> = {};
  try {
    for (let kill = 1; kill <= (options.kills ?? 10); kill++) {
      const upFor = 2000 + Math.random() * 2000;
      await sleep(upFor);
      const networkBefore = recorder.total('network');
      acksAtKills = ledger.counts();
      if (!server.alive) {
        result.failed.push(`the server died by itself before kill ${kill}: ${JSON.stringify(server.exit)}`);
        result.findings.push(`the server's last output:\n${server.tail()}`);
      }
      server.kill('SIGKILL');
      await server.exited;
      server = new ServerProcess(target);
      servers.push(server);
      let restartMs: number | null = null;
      try {
        restartMs = await server.waitHealthy(options.pglite ? 120_000 : 60_000);
      } catch (error) {
        const output = error instanceof StartFailure ? error.output : String(error);
        openFailures.push(
          `after kill ${kill}: ${error instanceof Error ? error.message : error}\n${output.trim().split('\n').slice(-15).join('\n')}`,
        );
      }
      if (restartMs !== null && options.pglite) {
        // Opens, and serves: a sign-in and a list that reads the database.
        const probe = new Session(server.baseUrl, new Recorder());
        const served =
          (await probe.signIn({ email: 'staff@example.com', password: 'demo1234' })) &&
          (await probe.get('probe', '/api/my-trainings')).ok;
        if (!served) openFailures.push(`after kill ${kill}: health answered but sign-in or /api/my-trainings failed`);
      }
      kills.push({
        kill,
        upBeforeKillMs: Math.round(upFor),
        restartMs: restartMs === null ? null : Math.round(restartMs),
        networkErrorsAround: recorder.total('network') - networkBefore,
      });
      log(
        `kill -9 #${kill}: ${restartMs === null ? 'did NOT come back' : `back in ${(restartMs / 1000).toFixed(1)} s`}, acknowledged so far ${JSON.stringify(acksAtKills)}`,
      );
      if (restartMs === null) break;
    }
    if (server.alive) await sleep(3000);
  } finally {
    stopped = true;
    await people;
  }
  const survived = kills.filter((kill) => kill.restartMs !== null).length;
  result.ops = recorder.summary();
  const restarts = kills.flatMap((kill) => (kill.restartMs === null ? [] : [kill.restartMs]));
  result.figures = {
    writers: options.people,
    kills: kills.length,
    killsSurvived: survived,
    restartMsMedian: restarts.length ? [...restarts].sort((a, b) => a - b)[Math.floor(restarts.length / 2)] : null,
    restartMsMax: restarts.length ? Math.max(...restarts) : null,
    requests: recorder.total(),
    networkErrors: recorder.total('network'),
    fiveXx: recorder.fiveXxTotal,
    acknowledged: ledger.counts(),
    killLog: kills,
  };
  if (openFailures.length) {
    result.failed.push(`the server did not open or serve after ${openFailures.length} kill(s)`);
    result.findings.push(...openFailures);
  }
  fiveXxFindings(result, recorder, ' (requests cut by a kill are network errors, not 5xx)');
  return { ledger, servers };
}

export async function crashPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('crash');
  await withPostgres('crash', async (target) => {
    let servers: ServerProcess[] = [];
    try {
      const outcome = await crashLoop(result, target, {
        ...options,
        people: Math.max(8, Math.round(options.users / 5)),
        thinkMs: 20,
        pglite: false,
      });
      servers = outcome.servers;
      const last = servers.at(-1);
      if (last?.alive) await last.stop();
      await verify(result, outcome.ledger, (run) => withPg(target.databaseUrl ?? '', run));
      result.ran = true;
    } finally {
      for (const server of servers) await server.stop();
      result.serverErrors = errorMessages(servers.flatMap((server) => server.errorLines()));
    }
  });
  return result;
}

export async function pgliteCrashPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('pglite-crash');
  const dataDir = tmpDir('pglite');
  const target: ServerTarget = { dataDir, port: await freePort() };
  let servers: ServerProcess[] = [];
  try {
    const outcome = await crashLoop(result, target, {
      ...options,
      people: Math.max(6, Math.round(options.users / 16)),
      thinkMs: 100,
      pglite: true,
    });
    servers = outcome.servers;
    const last = servers.at(-1);
    const exit = last ? await last.stop() : null;
    result.figures.exitOnSigterm = exit?.code ?? null;
    result.figures.dataDirSurvived = !result.failed.some((line) => line.startsWith('the server did not open'));
    // The data directory, opened in this process now that the server is gone.
    try {
      // As the server opens it (same extensions, same lock), now that the server is gone.
      const database = await openDatabase({ kind: 'pglite', dataDir });
      const client = rawClientOf(database);
      try {
        await verify(result, outcome.ledger, (run) =>
          run(async <R>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows),
        );
      } finally {
        await database.close();
      }
    } catch (error) {
      result.failed.push('the PGlite data directory could not be opened for the checks');
      result.findings.push(`opening ${dataDir}/pgdata: ${error instanceof Error ? error.message : error}`);
      result.figures.dataDirSurvived = false;
    }
    result.ran = true;
  } catch (error) {
    if (error instanceof StartFailure) {
      result.findings.push(`${error.message}\n${error.output.trim().split('\n').slice(-15).join('\n')}`);
    }
    throw error;
  } finally {
    for (const server of servers) await server.stop();
    result.serverErrors = errorMessages(servers.flatMap((server) => server.errorLines()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Until every person has signed in once (at most a minute), then `extraMs` more of steady traffic. */
async function warmUp(recorder: Recorder, people: number, extraMs: number) {
  const until = performance.now() + 60_000;
  while ((recorder.ops.get('sign-in')?.classes['2xx'] ?? 0) < people && performance.now() < until) await sleep(200);
  await sleep(extraMs);
}

async function pgAccepts(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function clusterVersion(): string {
  const versions = fs.readdirSync('/etc/postgresql').filter((name) => /^\d+$/.test(name));
  const version = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  return version;
}

/** 4. PostgreSQL stops for 5 s under load: 503s with a message, no crash, recovery by itself. */
export async function dbRestartPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('db-restart');
  const version = clusterVersion();
  // Interrupted while PostgreSQL is down: start it again before going, others use it too.
  const restartOnSignal = () => {
    try {
      execFileSync('pg_ctlcluster', [version, 'main', 'start'], { stdio: 'inherit' });
    } finally {
      process.exit(130);
    }
  };
  await withPostgres('dbrestart', async (target) => {
    const server = new ServerProcess(target);
    let pgStopped = false;
    try {
      await server.waitHealthy();
      const ledger = new Ledger();
      const world = await setUpWorld(server.baseUrl, new Recorder(), ledger, WORLD);
      const recorder = new Recorder();
      const outcomes: Outcome[] = [];
      recorder.listeners.push((outcome) => outcomes.push(outcome));
      const health: { sentAt: number; endedAt: number; status: number; body: string }[] = [];
      let stopped = false;
      const healthPoller = (async () => {
        while (!stopped) {
          const sentAt = performance.now();
          const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
            async (r) => ({ status: r.status, body: await r.text() }),
            (error) => ({ status: 0, body: String(error?.cause?.code ?? error) }),
          );
          health.push({ sentAt, endedAt: performance.now(), ...response });
          await sleep(100);
        }
      })();
      const people = runPeople({
        world,
        recorder,
        ledger,
        people: Math.min(options.users, 50),
        kind: 'mixed',
        thinkMs: options.thinkMs,
        stop: () => stopped,
      });
      const times = { stopAsked: 0, stopped: 0, startAsked: 0, startReturned: 0, accepts: 0 };
      try {
        await warmUp(recorder, Math.min(options.users, 50), 5000);
        times.stopAsked = performance.now();
        log(`pg_ctlcluster ${version} main stop`);
        pgStopped = true;
        process.once('SIGINT', restartOnSignal);
        process.once('SIGTERM', restartOnSignal);
        await execFileAsync('pg_ctlcluster', [version, 'main', 'stop']);
        times.stopped = performance.now();
        await sleep(5000);
        times.startAsked = performance.now();
        log(`pg_ctlcluster ${version} main start`);
        await execFileAsync('pg_ctlcluster', [version, 'main', 'start']);
        pgStopped = false;
        times.startReturned = performance.now();
        const acceptDeadline = performance.now() + 60_000;
        while (!(await pgAccepts())) {
          if (performance.now() > acceptDeadline)
            throw new Error('PostgreSQL did not accept connections 60 s after start');
          await sleep(50);
        }
        times.accepts = performance.now();
        await sleep(15_000);
      } finally {
        stopped = true;
        await Promise.all([people, healthPoller]);
        if (pgStopped) await execFileAsync('pg_ctlcluster', [version, 'main', 'start']).catch(() => {});
        process.off('SIGINT', restartOnSignal);
        process.off('SIGTERM', restartOnSignal);
      }
      const base = Math.max(times.startReturned, times.accepts);
      const inOutage = outcomes.filter((o) => o.endedAt >= times.stopAsked && o.endedAt <= base);
      const byStatus: Record<string, number> = {};
      const bodies = new Map<string, string>();
      for (const o of inOutage) {
        const key = o.status === 0 ? `network ${o.error}` : String(o.status);
        byStatus[key] = (byStatus[key] ?? 0) + 1;
        const sampleKey = `${key} ${o.op}`;
        if (!bodies.has(sampleKey) && o.status !== 200) bodies.set(sampleKey, bodyText(o.body));
      }
      const healthInOutage: Record<string, number> = {};
      for (const h of health.filter((h) => h.endedAt >= times.stopped && h.endedAt <= times.startAsked)) {
        healthInOutage[`${h.status} ${h.body}`] = (healthInOutage[`${h.status} ${h.body}`] ?? 0) + 1;
      }
      const firstOk = outcomes
        .filter((o) => o.sentAt >= base && o.status >= 200 && o.status < 300 && o.op !== 'sign-in')
        .sort((a, b) => a.endedAt - b.endedAt)[0];
      const firstHealthOk = health
        .filter((h) => h.sentAt >= base && h.status === 200)
        .sort((a, b) => a.endedAt - b.endedAt)[0];
      const afterRecovery = outcomes.filter((o) => firstOk && o.sentAt >= firstOk.endedAt + 2000);
      const fiveXxAfter = afterRecovery.filter((o) => o.status >= 500).length;
      const fiveXxBefore = outcomes.filter((o) => o.endedAt < times.stopAsked && o.status >= 500).length;
      const outageResponses = inOutage.filter((o) => o.status !== 0 && (o.status < 200 || o.status >= 300));
      const outage503 = outageResponses.filter((o) => o.status === 503).length;
      result.figures = {
        stopCommandMs: Math.round(times.stopped - times.stopAsked),
        outageMs: Math.round(base - times.stopAsked),
        startCommandMs: Math.round(times.startReturned - times.startAsked),
        recoveryMs: firstOk ? Math.round(firstOk.endedAt - base) : null,
        healthRecoveryMs: firstHealthOk ? Math.round(firstHealthOk.endedAt - base) : null,
        serverAliveThroughout: server.alive,
        outageResponsesByStatus: byStatus,
        outageErrorResponses: outageResponses.length,
        outage503,
        healthDuringOutage: healthInOutage,
        fiveXxBeforeOutage: fiveXxBefore,
        fiveXxAfterRecovery: fiveXxAfter,
        requests: recorder.total(),
      };
      for (const [key, body] of bodies) {
        if (!key.startsWith('network')) result.findings.push(`during the outage: ${key}: ${body}`);
      }
      if (!server.alive) {
        result.failed.push(`the server died when PostgreSQL stopped: ${JSON.stringify(server.exit)}`);
        result.findings.push(`the server's last output:\n${server.tail()}`);
      }
      if (!firstOk) result.failed.push('no 2xx within 15 s after PostgreSQL came back: the server did not recover');
      if (outageResponses.length > outage503) {
        result.findings.push(
          `${outageResponses.length - outage503} of ${outageResponses.length} error responses during the outage were not 503`,
        );
      }
      if (fiveXxAfter > 0) result.findings.push(`${fiveXxAfter} 5xx more than 2 s after recovery`);
      result.ops = recorder.summary();
      if (server.alive) await server.stop();
      await verify(result, ledger, (run) => withPg(target.databaseUrl ?? '', run));
      result.ran = true;
    } finally {
      await server.stop();
      result.serverErrors = errorMessages(server.errorLines());
    }
  });
  return result;
}

/** 5. SIGTERM under load: requests already sent complete, and the process exits 0. */
export async function shutdownPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('shutdown');
  await withPostgres('shutdown', async (target) => {
    const server = new ServerProcess(target);
    try {
      await server.waitHealthy();
      const ledger = new Ledger();
      const world = await setUpWorld(server.baseUrl, new Recorder(), ledger, WORLD);
      const recorder = new Recorder();
      const outcomes: Outcome[] = [];
      recorder.listeners.push((outcome) => outcomes.push(outcome));
      let stopped = false;
      const people = runPeople({
        world,
        recorder,
        ledger,
        people: Math.min(options.users, 50),
        kind: 'mixed',
        thinkMs: options.thinkMs,
        stop: () => stopped,
      });
      const slow = Array.from({ length: 8 }, (_, i) => slowLoop(world, recorder, ledger, () => stopped, i));
      let term = 0;
      let exitMs: number | null = null;
      try {
        await warmUp(recorder, Math.min(options.users, 50) + 8, 3000);
        term = performance.now();
        server.kill('SIGTERM');
        const exit = await Promise.race([server.exited, sleep(30_000).then(() => null)]);
        exitMs = exit ? Math.round(exit.at - term) : null;
        await sleep(500);
      } finally {
        stopped = true;
        await Promise.all([people, ...slow]);
      }
      const exit = server.exit;
      const before = outcomes.filter((o) => o.sentAt < term);
      const inFlight = before.filter((o) => o.endedAt >= term);
      const count = (list: Outcome[], test: (o: Outcome) => boolean) => list.filter(test).length;
      const resets = inFlight.filter((o) => o.status === 0);
      // A request written into an idle keep-alive socket as the server closes it races the close:
      // only resets of requests sent at least 100 ms before SIGTERM count against the server.
      const lateResets = resets.filter((o) => term - o.sentAt >= 100);
      const after = outcomes.filter((o) => o.sentAt >= term);
      const afterByStatus: Record<string, number> = {};
      for (const o of after) {
        const key = o.status === 0 ? `network ${o.error}` : String(o.status);
        afterByStatus[key] = (afterByStatus[key] ?? 0) + 1;
      }
      const inFlightOps: Record<string, number> = {};
      for (const o of inFlight) inFlightOps[o.op] = (inFlightOps[o.op] ?? 0) + 1;
      result.figures = {
        exitCode: exit?.code ?? null,
        exitSignal: exit?.signal ?? null,
        exitMs,
        inFlightAtSigterm: inFlight.length,
        inFlightOps,
        inFlight2xx: count(inFlight, (o) => o.status >= 200 && o.status < 300),
        inFlight503: count(inFlight, (o) => o.status === 503),
        inFlightOtherStatus: count(
          inFlight,
          (o) => o.status !== 0 && o.status !== 503 && (o.status < 200 || o.status >= 300),
        ),
        inFlightReset: resets.length,
        inFlightResetSentOver100msBefore: lateResets.length,
        longestInFlightMs: Math.round(Math.max(0, ...inFlight.map((o) => o.endedAt - term))),
        sentAfterSigterm: afterByStatus,
      };
      for (const o of resets) {
        result.findings.push(
          `${o.op} ${o.method} ${o.path} sent ${Math.round(term - o.sentAt)} ms before SIGTERM: ${o.error}`,
        );
      }
      const after503 = after.find((o) => o.status === 503);
      if (after503) result.findings.push(`sent after SIGTERM → 503 (expected): ${bodyText(after503.body)}`);
      for (const o of inFlight.filter((o) => o.status >= 500)) {
        result.findings.push(`in flight at SIGTERM: ${o.op} ${o.path} → ${o.status} ${bodyText(o.body)}`);
      }
      if (exit === null) result.failed.push('the server did not exit within 30 s of SIGTERM');
      else if (exit.code !== 0) result.failed.push(`the server exited with code ${exit.code} (signal ${exit.signal})`);
      if (lateResets.length) result.failed.push(`${lateResets.length} requests sent before SIGTERM were cut off`);
      result.ops = recorder.summary();
      await verify(result, ledger, (run) => withPg(target.databaseUrl ?? '', run));
      result.ran = true;
    } finally {
      await server.stop();
      result.serverErrors = errorMessages(server.errorLines());
    }
  });
  return result;
}

/** Slow-ish requests, so some are surely in flight when SIGTERM comes: the biggest pages and bulk writes. */
async function slowLoop(world: World, recorder: Recorder, ledger: Ledger, stop: () => boolean, index: number) {
  const account = world.accounts.hq[index % world.accounts.hq.length];
  if (!account) return;
  const session = new Session(world.baseUrl, recorder);
  if (!(await session.signIn(account))) return;
  while (!stop()) {
    const which = index % 4;
    const trainingIds = world.trainingIds.slice(-5);
    const response =
      which === 0
        ? await session.get('slow.assignments-100', '/api/training-assignments?page=1&pageSize=100')
        : which === 1
          ? await session.get('slow.users-100', '/api/users?page=1&pageSize=100')
          : which === 2
            ? await session.post('slow.assign-all', '/api/training-assignments', {
                trainingIds,
                staffIds: world.assignable,
              })
            : await session.get('slow.dashboard-hq', '/api/dashboards/hq');
    if (which === 2 && response.ok) ledger.assigned(world.assignable, trainingIds);
    if (response.status === 0) await sleep(200);
  }
}

interface MultiRound {
  round: number;
  victim: string;
  victimPid: number;
  survivor: string;
  survivorPid: number;
  newPid: number;
  /** Both servers up (and in the balancer) since then. */
  bothUpFrom: number;
  killAt: number;
  exitAt: number;
  spawnAt: number;
  readyAt: number | null;
  rejoinAt: number | null;
}

const latencyFigures = (outcomes: Outcome[]) => {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
};

/**
 * 6. Two server processes on one database behind a balancer (in the client, round-robin
 * per request; bench/soak/balancer.ts), the mixed load throughout; kill -9 one server,
 * restart it, let it rejoin, then kill the other, for --kills rounds. Nothing but the
 * killed process's in-flight requests may fail: no 5xx from the survivor, no lost
 * acknowledged write, sessions signed in on one process used on the other.
 */
export async function multiPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('multi');
  const kills = options.kills ?? 4;
  const people = Math.max(4, Math.round(options.users / 4));
  const database = await createDatabase('multi');
  const dataDirs = [tmpDir('multi-a'), tmpDir('multi-b')];
  // What the balancer's address would be: the same PUBLIC_URL (cookies, Origin) on both servers.
  const publicUrl = 'http://brigade-soak.localhost:8080';
  const all: ServerProcess[] = [];
  const expectedExits = new Set<number>();
  const unexpectedExits: string[] = [];
  const watch = (server: ServerProcess, name: string) => {
    all.push(server);
    void server.exited.then((exit) => {
      if (!expectedExits.has(server.pid)) {
        unexpectedExits.push(`server ${name} (pid ${server.pid}) exited by itself: ${JSON.stringify(exit)}`);
        result.findings.push(`server ${name} (pid ${server.pid}) exited; its last output:\n${server.tail()}`);
      }
    });
  };
  let balancer: Balancer | undefined;
  try {
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const targets: Record<string, ServerTarget> = {
      A: { databaseUrl: database.url, dataDir: dataDirs[0] as string, port: portA, publicUrl },
      B: { databaseUrl: database.url, dataDir: dataDirs[1] as string, port: portB, publicUrl },
    };
    const current: Record<string, ServerProcess> = {};
    for (const name of ['A', 'B']) {
      current[name] = new ServerProcess(targets[name] as ServerTarget);
      watch(current[name], name);
    }
    const startMs = await Promise.all(['A', 'B'].map((name) => (current[name] as ServerProcess).waitHealthy(180_000)));
    const demoLines = ['A', 'B'].map((name) => {
      const line = (current[name] as ServerProcess)
        .output()
        .split('\n')
        .find((text) => text.startsWith('Demo chain') || text.startsWith('The database already'));
      return `${name}: ${line ?? '(no demo message)'}`;
    });
    const demoLoads = demoLines.filter((line) => line.includes('Demo chain loaded')).length;
    log(
      `servers A (port ${portA}) and B (port ${portB}) started together, up in ${startMs.map((ms) => (ms / 1000).toFixed(1)).join(' s and ')} s`,
    );
    for (const line of demoLines) log(line);
    if (demoLoads !== 1)
      result.failed.push(`the demo chain was loaded ${demoLoads} times by two servers starting together`);

    balancer = new Balancer(
      ['A', 'B'].map((name) => ({
        name,
        baseUrl: `http://127.0.0.1:${targets[name]?.port}`,
        pid: (current[name] as ServerProcess).pid,
        up: false,
      })),
      publicUrl,
    );
    balancer.startHealthChecks();
    for (const name of ['A', 'B']) {
      if (!(await balancer.waitUp(name, (current[name] as ServerProcess).pid, 10_000))) {
        throw new Error(`server ${name} answered /api/health but not /api/health/ready`);
      }
    }

    const ledger = new Ledger();
    const world = await setUpWorld(balancer, new Recorder(), ledger, WORLD);
    log(
      `accounts: ${world.accounts.hq.length} hq, ${world.accounts.manager.length} managers, ${world.accounts.staff.length} staff; ${people} people through the balancer`,
    );
    const recorder = new Recorder();
    const outcomes: Outcome[] = [];
    recorder.listeners.push((outcome) => outcomes.push(outcome));
    let stopped = false;
    const load = runPeople({
      world,
      recorder,
      ledger,
      people,
      kind: 'mixed',
      thinkMs: options.thinkMs,
      stop: () => stopped,
    });
    const started = performance.now();
    const rounds: MultiRound[] = [];
    const gapMs = Math.max(3000, (options.seconds * 1000) / (kills + 1));
    try {
      await warmUp(recorder, people, 3000);
      let bothUpFrom = performance.now();
      for (let round = 1; round <= kills; round++) {
        await sleep(gapMs);
        const victimName = round % 2 === 1 ? 'A' : 'B';
        const survivorName = victimName === 'A' ? 'B' : 'A';
        const victim = current[victimName] as ServerProcess;
        const survivor = current[survivorName] as ServerProcess;
        if (!victim.alive || !survivor.alive) break;
        expectedExits.add(victim.pid);
        const killAt = performance.now();
        victim.kill('SIGKILL');
        const exit = await victim.exited;
        // Restarted at once, as a supervisor (systemd Restart=always, an orchestrator) would.
        const spawnAt = performance.now();
        const next = new ServerProcess(victim.target);
        watch(next, victimName);
        current[victimName] = next;
        balancer.replace(victimName, next.pid);
        let readyAt: number | null = null;
        try {
          readyAt = spawnAt + (await next.waitHealthy(120_000));
        } catch (error) {
          result.findings.push(
            `after kill ${round}: ${error instanceof Error ? error.message : error}\n${next.tail(15)}`,
          );
        }
        const rejoined = readyAt !== null && (await balancer.waitUp(victimName, next.pid, 30_000));
        const rejoinAt = rejoined ? performance.now() : null;
        rounds.push({
          round,
          victim: victimName,
          victimPid: victim.pid,
          survivor: survivorName,
          survivorPid: survivor.pid,
          newPid: next.pid,
          bothUpFrom,
          killAt,
          exitAt: exit.at,
          spawnAt,
          readyAt,
          rejoinAt,
        });
        log(
          `kill -9 #${round} of ${victimName} (pid ${victim.pid}): ${rejoinAt === null ? 'did NOT come back' : `ready in ${(((readyAt ?? spawnAt) - spawnAt) / 1000).toFixed(1)} s, back in the balancer ${((rejoinAt - killAt) / 1000).toFixed(1)} s after the kill`}; ${survivorName} ${survivor.alive ? 'kept answering' : 'DIED'}`,
        );
        if (rejoinAt === null) {
          result.failed.push(`server ${victimName} did not come back after kill ${round}`);
          break;
        }
        bothUpFrom = rejoinAt;
      }
      await sleep(Math.max(gapMs, options.seconds * 1000 - (performance.now() - started)));
    } finally {
      stopped = true;
      await load;
      await balancer.stopHealthChecks();
    }
    const elapsed = (performance.now() - started) / 1000;

    // Requests per server, and what each failure was.
    const victimRound = new Map(rounds.map((r) => [r.victimPid, r]));
    const survivorRounds = (pid: number | undefined) => rounds.filter((r) => r.survivorPid === pid);
    const perServer: Record<string, Record<string, number>> = {};
    const processes: Record<string, number[]> = { A: [], B: [] };
    const fiveXx = { killedInFlight: 0, survivorDuringKill: 0, otherTimes: 0 };
    // In flight when the kill came; sent after it, before the balancer marked the server down; anywhere else.
    const network = { killedInFlight: 0, sentAfterKill: 0, elsewhere: 0, noLiveServer: 0 };
    const networkByCode: Record<string, number> = {};
    const unacknowledgedWrites: Record<string, number> = {};
    const sessions = { crossed2xx: 0, crossedToOtherServer2xx: 0, crossedToRestartedProcess2xx: 0, crossed401: 0 };
    const sessionsOfKilled = { requests2xx: 0, sessions: new Set<string>() };
    const notCrossed401 = { count: 0 };
    // At most a few lines of each kind: the counts are in the figures.
    const noted = new Map<string, number>();
    const note = (kind: string, line: string) => {
      const seen = noted.get(kind) ?? 0;
      noted.set(kind, seen + 1);
      if (seen < 10) result.findings.push(line);
    };
    for (const o of outcomes) {
      if (!o.backend || o.pid === undefined) {
        network.noLiveServer += 1;
        continue;
      }
      const counts = perServer[o.backend] ?? { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0, network: 0, retried: 0 };
      perServer[o.backend] = counts;
      counts.requests = (counts.requests ?? 0) + 1;
      const klass = o.status === 0 ? 'network' : o.status >= 500 ? '5xx' : o.status >= 400 ? '4xx' : '2xx';
      counts[klass] = (counts[klass] ?? 0) + 1;
      if (o.retried) counts.retried = (counts.retried ?? 0) + 1;
      if (!processes[o.backend]?.includes(o.pid)) processes[o.backend]?.push(o.pid);
      const killed = victimRound.get(o.pid);
      const inFlightAtKill = killed !== undefined && o.sentAt <= killed.exitAt && o.endedAt >= killed.killAt;
      if (o.status === 0) {
        networkByCode[o.error ?? 'network'] = (networkByCode[o.error ?? 'network'] ?? 0) + 1;
        if (killed && o.sentAt >= killed.killAt) network.sentAfterKill += 1;
        else if (inFlightAtKill) network.killedInFlight += 1;
        else {
          network.elsewhere += 1;
          note(
            'network',
            `network error from a server that was not being killed: ${o.backend} pid ${o.pid} ${o.method} ${o.path}: ${o.error}`,
          );
        }
        if (o.method !== 'GET' && !o.retried) unacknowledgedWrites[o.op] = (unacknowledgedWrites[o.op] ?? 0) + 1;
      } else if (o.status >= 500) {
        const duringKill = survivorRounds(o.pid).some(
          (r) => o.endedAt >= r.killAt && o.endedAt <= (r.rejoinAt ?? Number.POSITIVE_INFINITY),
        );
        if (inFlightAtKill) fiveXx.killedInFlight += 1;
        else if (duringKill) fiveXx.survivorDuringKill += 1;
        else fiveXx.otherTimes += 1;
        if (!inFlightAtKill) {
          note(
            '5xx',
            `5xx from ${o.backend} pid ${o.pid}${duringKill ? ' (the survivor, during a kill)' : ''}: ${o.method} ${o.path} → ${o.status} ${bodyText(o.body)}`,
          );
        }
      }
      if (o.sessionFrom && o.status !== 0) {
        const crossed = o.sessionFrom.pid !== o.pid;
        if (crossed && o.status >= 200 && o.status < 300) {
          sessions.crossed2xx += 1;
          if (o.sessionFrom.backend !== o.backend) sessions.crossedToOtherServer2xx += 1;
          else sessions.crossedToRestartedProcess2xx += 1;
          const from = victimRound.get(o.sessionFrom.pid);
          if (from && o.sentAt > from.killAt) {
            sessionsOfKilled.requests2xx += 1;
            sessionsOfKilled.sessions.add(`${o.sessionFrom.pid}`);
          }
        }
        if (o.status === 401) {
          if (crossed) {
            sessions.crossed401 += 1;
            note(
              '401',
              `401 for a session signed in on ${o.sessionFrom.backend} pid ${o.sessionFrom.pid}, sent to ${o.backend} pid ${o.pid}: ${o.method} ${o.path} ${bodyText(o.body)}`,
            );
          } else notCrossed401.count += 1;
        }
      }
    }

    // Per round: the survivor's latency with both up vs during the kill, and the rejoined process's work.
    const answered = (o: Outcome) => o.status !== 0 && o.op !== 'sign-in';
    const before: Outcome[] = [];
    const during: Outcome[] = [];
    const killLog = rounds.map((r) => {
      const end = r.rejoinAt ?? Number.POSITIVE_INFINITY;
      const survivorBefore = outcomes.filter(
        (o) => o.pid === r.survivorPid && answered(o) && o.sentAt >= r.bothUpFrom && o.sentAt < r.killAt,
      );
      const survivorDuring = outcomes.filter(
        (o) => o.pid === r.survivorPid && answered(o) && o.sentAt >= r.killAt && o.sentAt < end,
      );
      before.push(...survivorBefore);
      during.push(...survivorDuring);
      const victimOutcomes = outcomes.filter((o) => o.pid === r.victimPid);
      return {
        round: r.round,
        killed: `${r.victim} (pid ${r.victimPid})`,
        survivor: `${r.survivor} (pid ${r.survivorPid})`,
        inFlightOnKilled: victimOutcomes.filter((o) => o.sentAt <= r.exitAt && o.endedAt >= r.killAt).length,
        networkErrorsOnKilled: victimOutcomes.filter((o) => o.status === 0).length,
        exitMs: Math.round(r.exitAt - r.killAt),
        restartToReadyMs: r.readyAt === null ? null : Math.round(r.readyAt - r.spawnAt),
        killToRejoinMs: r.rejoinAt === null ? null : Math.round(r.rejoinAt - r.killAt),
        survivorBefore: latencyFigures(survivorBefore),
        survivorDuringKill: latencyFigures(survivorDuring),
        survivor5xxDuringKill: outcomes.filter(
          (o) => o.pid === r.survivorPid && o.status >= 500 && o.endedAt >= r.killAt && o.endedAt <= end,
        ).length,
        restartedProcess2xx: outcomes.filter((o) => o.pid === r.newPid && o.status >= 200 && o.status < 300).length,
      };
    });
    const restarts = killLog.flatMap((k) => (k.restartToReadyMs === null ? [] : [k.restartToReadyMs]));
    const rejoins = killLog.flatMap((k) => (k.killToRejoinMs === null ? [] : [k.killToRejoinMs]));
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? null;

    result.ops = recorder.summary();
    result.figures = {
      people,
      seconds: round(elapsed),
      startTogetherMs: startMs.map((ms) => Math.round(ms)),
      demoLoad: demoLines,
      kills: rounds.length,
      requests: recorder.total(),
      requestsPerSecond: round(recorder.total() / elapsed),
      perServer,
      processes,
      fiveXx: recorder.fiveXxTotal,
      fiveXxSplit: fiveXx,
      networkErrors: network,
      networkErrorsByCode: networkByCode,
      retries: balancer.retries,
      waitsForALiveServer: { requests: balancer.waits, totalMs: Math.round(balancer.waitedMs) },
      unacknowledgedWrites,
      sessions: {
        ...sessions,
        notCrossed401: notCrossed401.count,
        requestsOnSessionsOfAKilledProcess2xx: sessionsOfKilled.requests2xx,
        killedProcessesWhoseSessionsLivedOn: sessionsOfKilled.sessions.size,
      },
      survivorLatency: { bothUp: latencyFigures(before), duringKill: latencyFigures(during) },
      restartToReadyMsMedian: median(restarts),
      restartToReadyMsMax: restarts.length ? Math.max(...restarts) : null,
      killToRejoinMsMedian: median(rejoins),
      balancerEvents: balancer.events.map((e) => ({ ...e, at: Math.round(e.at - started) })),
      killLog,
    };
    if (rounds.length < kills) result.failed.push(`only ${rounds.length} of ${kills} kill rounds ran`);
    if (fiveXx.survivorDuringKill + fiveXx.otherTimes > 0) {
      result.failed.push(
        `${fiveXx.survivorDuringKill + fiveXx.otherTimes} 5xx not from a killed process's in-flight requests (${fiveXx.survivorDuringKill} from the survivor during a kill)`,
      );
    }
    if (unexpectedExits.length) result.failed.push(...unexpectedExits);
    if (sessions.crossed401 > 0) {
      result.failed.push(`${sessions.crossed401} requests on a session from another server process got 401`);
    }
    if (sessions.crossed2xx === 0) result.failed.push('no request used a session signed in on another server process');
    unexpected4xx(result, recorder);

    for (const name of ['A', 'B']) {
      const server = current[name] as ServerProcess;
      expectedExits.add(server.pid);
      const exit = await server.stop();
      result.figures[`exitOnSigterm${name}`] = exit.code;
    }
    await verify(result, ledger, (run) => withPg(database.url, run));
    result.figures.activeHq = await withPg(database.url, async (q) => {
      const rows = await q<{ n: string }>(`select count(*) as n from users where role = 'hq' and is_active`);
      return Number(rows[0]?.n ?? 0);
    });
    result.ran = true;
  } finally {
    await balancer?.stopHealthChecks();
    for (const server of all) {
      expectedExits.add(server.pid);
      await server.stop();
    }
    result.serverErrors = errorMessages(all.flatMap((server) => server.errorLines()));
    await database.drop().catch((error) => console.error(`could not drop ${database.name}: ${error}`));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
