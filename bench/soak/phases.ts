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
import { bodyText, type OpSummary, type Outcome, Recorder, round, Session, sleep } from './http';
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
  kills: number;
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
    for (let kill = 1; kill <= options.kills; kill++) {
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
