/**
 * `npm run soak` (issues 11, 15): minutes of real traffic against the real server, started
 * as a child process, and the harm a production server meets — kill -9, a PostgreSQL
 * restart, SIGTERM, one of two servers dying — with the database checked afterwards. Not
 * part of `npm test`.
 *
 *   node --import tsx bench/soak.ts [--phase load|crash|pglite-crash|db-restart|shutdown|multi|all]
 *                                   [--seconds 180] [--users 200] [--think 200] [--kills N]
 *
 * Phases (bench/soak/phases/, one file each): load, crash (kill -9 on PostgreSQL, --kills default 10),
 * pglite-crash (kill -9 on the embedded database), db-restart (`pg_ctlcluster <v> main
 * stop`, 5 s, `start`: once per run, the cluster is shared), shutdown (SIGTERM under load)
 * and multi (two servers on one database behind a round-robin balancer in the client,
 * --users/4 people; kill -9 one, restart it, let it rejoin, kill the other: --kills rounds,
 * default 4). Each phase creates its own database `brigade_soak_<phase>_…` from
 * postgres://postgres@127.0.0.1:5432/postgres (SOAK_ADMIN_URL) and drops it afterwards.
 *
 * Prints figures and a summary, writes bench/results/<date>-soak.json (with --phase other
 * than all: <date>-soak-<phases>.json, so a partial run leaves the full one alone). Exits non-zero
 * only when an invariant is violated (a lost write, a half-saved record, a crash, an
 * unclean shutdown) or a phase could not run; never on a timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OpSummary } from './soak/http';
import { crashPhase, pgliteCrashPhase } from './soak/phases/crash';
import { dbRestartPhase } from './soak/phases/db-restart';
import { loadPhase } from './soak/phases/load';
import { multiPhase } from './soak/phases/multi';
import type { PhaseOptions, PhaseResult } from './soak/phases/shared';
import { shutdownPhase } from './soak/phases/shutdown';

const PHASES = {
  load: loadPhase,
  crash: crashPhase,
  'pglite-crash': pgliteCrashPhase,
  'db-restart': dbRestartPhase,
  shutdown: shutdownPhase,
  multi: multiPhase,
} as const;
type PhaseName = keyof typeof PHASES;

const { values: args } = parseArgs({
  options: {
    phase: { type: 'string', default: 'all' },
    seconds: { type: 'string', default: '180' },
    users: { type: 'string', default: '200' },
    think: { type: 'string', default: '200' },
    kills: { type: 'string' },
  },
});

const phaseNames: PhaseName[] =
  args.phase === 'all'
    ? (Object.keys(PHASES) as PhaseName[])
    : args.phase.split(',').map((name) => {
        if (!(name in PHASES)) {
          console.error(`Unknown phase "${name}": use ${Object.keys(PHASES).join(', ')} or all`);
          process.exit(2);
        }
        return name as PhaseName;
      });
const options: PhaseOptions = {
  seconds: Number(args.seconds),
  users: Number(args.users),
  thinkMs: Number(args.think),
  kills: args.kills === undefined ? undefined : Number(args.kills),
};
for (const [name, value] of Object.entries(options)) {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    console.error(`--${name} must be a number`);
    process.exit(2);
  }
}

const pad = (value: unknown, width: number) => String(value).padStart(width);

function printOps(ops: OpSummary[]) {
  console.log(
    `  ${'operation'.padEnd(22)}${pad('count', 8)}${pad('2xx', 8)}${pad('4xx', 6)}${pad('5xx', 6)}${pad('net', 6)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}`,
  );
  for (const op of ops) {
    console.log(
      `  ${op.op.padEnd(22)}${pad(op.count, 8)}${pad(op.classes['2xx'], 8)}${pad(op.classes['4xx'], 6)}${pad(op.classes['5xx'], 6)}${pad(op.classes.network, 6)}${pad(op.p50, 9)}${pad(op.p95, 9)}${pad(op.p99, 9)}`,
    );
  }
}

function printResult(result: PhaseResult) {
  console.log(
    `\n── ${result.phase}: ${result.ran ? (result.failed.length ? 'FAILED CHECKS' : 'ok') : 'COULD NOT RUN'}`,
  );
  if (result.error) console.log(`  error: ${result.error}`);
  for (const [key, value] of Object.entries(result.figures)) {
    if (key === 'balancerEvents') continue;
    if (key === 'killLog') {
      // The multi phase's rounds are few: one line each.
      if (result.phase === 'multi' && Array.isArray(value))
        for (const round of value) console.log(`  round: ${JSON.stringify(round)}`);
      continue;
    }
    console.log(`  ${key}: ${typeof value === 'object' ? JSON.stringify(value) : value}`);
  }
  if (result.ops) printOps(result.ops);
  if (typeof result.figures.fiveXx === 'number') {
    console.log(
      `  zero-5xx check: ${result.figures.fiveXx === 0 ? 'ok, no 5xx' : `${result.figures.fiveXx} responses were 5xx (findings below)`}`,
    );
  }
  if (result.ledger) {
    console.log(`  acknowledged writes: ${JSON.stringify(result.ledger.acknowledged)}`);
    console.log(`  lost writes: ${result.ledger.lost}`);
    for (const loss of result.ledger.losses.slice(0, 20)) console.log(`    ${loss.kind} ${loss.id}: ${loss.detail}`);
  }
  for (const invariant of result.invariants ?? []) {
    console.log(
      `  ${invariant.violations === 0 ? 'ok  ' : 'FAIL'} ${invariant.name}${invariant.violations ? `: ${invariant.violations} (${invariant.samples.join(', ')})` : ''}`,
    );
  }
  for (const line of result.failed) console.log(`  FAILED: ${line}`);
  for (const line of result.findings.slice(0, 40)) console.log(`  finding: ${line}`);
  if (result.findings.length > 40) console.log(`  ... ${result.findings.length - 40} more findings in the JSON`);
  for (const error of (result.serverErrors ?? []).slice(0, 10)) {
    console.log(`  server log ×${error.count}: ${error.message}`);
  }
}

function summaryLine(result: PhaseResult): string {
  const f = result.figures;
  const lost = result.ledger ? `lost writes ${result.ledger.lost}` : '';
  const status = !result.ran ? 'COULD NOT RUN' : result.failed.length ? `FAIL (${result.failed.length})` : 'ok';
  const details: Record<string, string> = {
    load: `${f.requests} req, ${f.requestsPerSecond} req/s, 5xx ${f.fiveXx}, ${lost}`,
    crash: `kills survived ${f.killsSurvived}/${f.kills}, restart median ${f.restartMsMedian} ms, 5xx ${f.fiveXx}, ${lost}`,
    'pglite-crash': `kills survived ${f.killsSurvived}/${f.kills}, data dir survived ${f.dataDirSurvived}, ${lost}`,
    'db-restart': `recovery ${f.recoveryMs} ms (health ${f.healthRecoveryMs} ms), outage 503s ${f.outage503}/${f.outageErrorResponses}, alive ${f.serverAliveThroughout}, ${lost}`,
    shutdown: `exit ${f.exitCode} in ${f.exitMs} ms, in flight ${f.inFlightAtSigterm} (2xx ${f.inFlight2xx}, 503 ${f.inFlight503}, reset ${f.inFlightReset}), ${lost}`,
    multi: `${f.kills} kills, ${f.requests} req, 5xx ${JSON.stringify(f.fiveXxSplit)}, crossed sessions ${(f.sessions as { crossed2xx?: number } | undefined)?.crossed2xx}, ready median ${f.restartToReadyMsMedian} ms, ${lost}`,
  };
  return `  ${result.phase.padEnd(14)}${status.padEnd(16)}${result.ran ? (details[result.phase] ?? '') : (result.error ?? '')}`;
}

const results: PhaseResult[] = [];
console.log(
  `Soak: phases ${phaseNames.join(', ')}; ${options.users} users, ${options.seconds} s of load, ${options.kills ?? 'default'} kills; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
);
for (const name of phaseNames) {
  console.log(`\n▶ ${name}`);
  let result: PhaseResult;
  try {
    result = await PHASES[name](options);
  } catch (error) {
    result = {
      phase: name,
      ran: false,
      error: error instanceof Error ? error.message : String(error),
      failed: [],
      findings: error instanceof Error && 'output' in error ? [String(error.output).slice(-3000)] : [],
      figures: {},
    };
  }
  results.push(result);
  printResult(result);
}

console.log('\nSummary');
for (const result of results) console.log(summaryLine(result));

const date = new Date().toISOString().slice(0, 10);
const file = path.join(
  import.meta.dirname,
  'results',
  args.phase === 'all' ? `${date}-soak.json` : `${date}-soak-${phaseNames.join('-')}.json`,
);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), options, cores: os.cpus().length, node: process.version, results }, null, 2)}\n`,
);
console.log(`\nWrote ${path.relative(process.cwd(), file)}`);

const broken = results.filter((result) => !result.ran || result.failed.length > 0);
process.exit(broken.length ? 1 : 0);
