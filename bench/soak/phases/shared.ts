/**
 * What every soak phase shares: its options and result, the simulated world's size, the
 * database it runs on, warming up, memory sampling and the checks after it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type OpSummary, type Recorder, round, sleep } from '../http';
import { checkInvariants, type InvariantResult, type Ledger, type LedgerReport } from '../ledger';
import type { WorldOptions } from '../scenario';
import {
  createDatabase,
  errorMessages,
  freePort,
  type ServerProcess,
  type ServerTarget,
  type SqlQuery,
  withPg,
} from '../server';

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

export const WORLD: WorldOptions = { extraStaff: 24, extraManagers: 4, extraHq: 2, editables: 0 };
export const CRASH_WORLD: WorldOptions = { ...WORLD, editables: 8 };

export const log = (line: string) => console.log(`  ${line}`);

export function tmpDir(label: string) {
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

export function rssSampler(server: () => ServerProcess) {
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
export async function verify(
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

/** `verify` against the phase's PostgreSQL database. */
export function verifyDatabase(result: PhaseResult, ledger: Ledger, databaseUrl: string) {
  return verify(result, ledger, (run) => withPg(databaseUrl, run));
}

/** A phase's server stopped (again, if it already was) and its logged errors kept with the result. */
export async function stopKeepingErrors(result: PhaseResult, server: ServerProcess) {
  await server.stop();
  result.serverErrors = errorMessages(server.errorLines());
}

export function fiveXxFindings(result: PhaseResult, recorder: Recorder, where = '') {
  if (recorder.fiveXxTotal === 0) return;
  result.findings.push(`${recorder.fiveXxTotal} responses were 5xx${where}`);
  for (const [key, { count, body }] of recorder.bodies) {
    if (/ 5\d\d$/.test(key)) result.findings.push(`  ${key} ×${count}: ${body}`);
  }
}

export function unexpected4xx(result: PhaseResult, recorder: Recorder) {
  for (const [key, { count, body }] of recorder.bodies) {
    if (/ 4\d\d$/.test(key))
      result.findings.push(`4xx (not a failure, check it is expected) ${key} ×${count}: ${body}`);
  }
}

export async function withPostgres<T>(label: string, run: (target: ServerTarget) => Promise<T>): Promise<T> {
  const database = await createDatabase(label);
  const dataDir = tmpDir(label);
  try {
    return await run({ databaseUrl: database.url, dataDir, port: await freePort() });
  } finally {
    await database.drop().catch((error) => console.error(`could not drop ${database.name}: ${error}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function newResult(phase: string): PhaseResult {
  return { phase, ran: false, failed: [], findings: [], figures: {} };
}

/** Until every person has signed in once (at most a minute), then `extraMs` more of steady traffic. */
export async function warmUp(recorder: Recorder, people: number, extraMs: number) {
  const until = performance.now() + 60_000;
  while ((recorder.ops.get('sign-in')?.classes['2xx'] ?? 0) < people && performance.now() < until) await sleep(200);
  await sleep(extraMs);
}
