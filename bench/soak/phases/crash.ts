/**
 * 2./3. The crash phases: kill -9 under concurrent writes, again and again, on
 * PostgreSQL (crash) and on the embedded PGlite database (pglite-crash).
 */
import fs from 'node:fs';
import { openDatabase } from '../../../apps/server/src/db/client';
import { rawClientOf } from '../../bench-app';
import { Recorder, Session, sleep } from '../http';
import { Ledger } from '../ledger';
import { runPeople, setUpWorld } from '../scenario';
import { type Exit, errorMessages, freePort, ServerProcess, type ServerTarget, StartFailure } from '../server';
import {
  CRASH_WORLD,
  fiveXxFindings,
  log,
  newResult,
  type PhaseOptions,
  type PhaseResult,
  tmpDir,
  verify,
  verifyDatabase,
  warmUp,
  withPostgres,
} from './shared';

interface CrashLoopOptions extends PhaseOptions {
  people: number;
  thinkMs: number;
  pglite: boolean;
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
  options: CrashLoopOptions,
  servers: ServerProcess[],
): Promise<Ledger> {
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
  return ledger;
}

/**
 * A crash phase from start to end: the kill loop, the last server stopped, then `check`
 * on the database left behind. Every server started is stopped and its errors collected,
 * whatever happens.
 */
async function crashAndCheck(
  result: PhaseResult,
  target: ServerTarget,
  options: CrashLoopOptions,
  check: (ledger: Ledger, lastExit: Exit | null) => Promise<void>,
): Promise<void> {
  const servers: ServerProcess[] = [];
  try {
    const ledger = await crashLoop(result, target, options, servers);
    const last = servers.at(-1);
    await check(ledger, last ? await last.stop() : null);
    result.ran = true;
  } catch (error) {
    if (error instanceof StartFailure) {
      result.findings.push(`${error.message}\n${error.output.trim().split('\n').slice(-15).join('\n')}`);
    }
    throw error;
  } finally {
    for (const server of servers) await server.stop();
    result.serverErrors = errorMessages(servers.flatMap((server) => server.errorLines()));
  }
}

export async function crashPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('crash');
  const loop = { ...options, people: Math.max(8, Math.round(options.users / 5)), thinkMs: 20, pglite: false };
  await withPostgres('crash', (target) =>
    crashAndCheck(result, target, loop, (ledger) => verifyDatabase(result, ledger, target.databaseUrl ?? '')),
  );
  return result;
}

export async function pgliteCrashPhase(options: PhaseOptions): Promise<PhaseResult> {
  const result = newResult('pglite-crash');
  const dataDir = tmpDir('pglite');
  const target: ServerTarget = { dataDir, port: await freePort() };
  const loop = { ...options, people: Math.max(6, Math.round(options.users / 16)), thinkMs: 100, pglite: true };
  try {
    await crashAndCheck(result, target, loop, async (ledger, lastExit) => {
      result.figures.exitOnSigterm = lastExit?.code ?? null;
      result.figures.dataDirSurvived = !result.failed.some((line) => line.startsWith('the server did not open'));
      await verifyDataDir(result, ledger, dataDir);
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** The checks on the PGlite data directory, opened in this process as the server opens it (same extensions, same lock). */
async function verifyDataDir(result: PhaseResult, ledger: Ledger, dataDir: string) {
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const client = rawClientOf(database);
    try {
      await verify(result, ledger, (run) =>
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
}
