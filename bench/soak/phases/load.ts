/** 1. The load phase: many people for minutes against one server on PostgreSQL. */
import { performance } from 'node:perf_hooks';
import { Recorder, round } from '../http';
import { Ledger } from '../ledger';
import { runPeople, setUpWorld } from '../scenario';
import { ServerProcess } from '../server';
import {
  fiveXxFindings,
  log,
  newResult,
  type PhaseOptions,
  type PhaseResult,
  rssSampler,
  stopKeepingErrors,
  unexpected4xx,
  verifyDatabase,
  WORLD,
  withPostgres,
} from './shared';

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
      await verifyDatabase(result, ledger, target.databaseUrl ?? '');
      result.ran = true;
    } finally {
      await stopKeepingErrors(result, server);
    }
  });
  return result;
}
