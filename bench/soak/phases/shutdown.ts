/** 5. The shutdown phase: SIGTERM under load. */
import { performance } from 'node:perf_hooks';
import { bodyText, type Outcome, Recorder, Session, sleep } from '../http';
import { Ledger } from '../ledger';
import { runPeople, setUpWorld, type World } from '../scenario';
import { ServerProcess } from '../server';
import {
  newResult,
  type PhaseOptions,
  type PhaseResult,
  stopKeepingErrors,
  verifyDatabase,
  WORLD,
  warmUp,
  withPostgres,
} from './shared';

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
      await verifyDatabase(result, ledger, target.databaseUrl ?? '');
      result.ran = true;
    } finally {
      await stopKeepingErrors(result, server);
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
