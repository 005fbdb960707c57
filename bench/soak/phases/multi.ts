/** 6. The multi phase: two servers on one database behind a balancer, killed in turn. */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Balancer } from '../balancer';
import { bodyText, type Outcome, percentile, Recorder, round, sleep } from '../http';
import { Ledger } from '../ledger';
import { runPeople, setUpWorld } from '../scenario';
import { createDatabase, errorMessages, freePort, ServerProcess, type ServerTarget, withPg } from '../server';
import {
  log,
  newResult,
  type PhaseOptions,
  type PhaseResult,
  tmpDir,
  unexpected4xx,
  verifyDatabase,
  WORLD,
  warmUp,
} from './shared';

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
 * Requests per server, and what each failure was: a network error or 5xx of the killed
 * process in flight at its kill, or elsewhere (noted); sessions used across processes.
 */
function tallyOutcomes(outcomes: Outcome[], rounds: MultiRound[], note: (kind: string, line: string) => void) {
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
  return {
    perServer,
    processes,
    fiveXx,
    network,
    networkByCode,
    unacknowledgedWrites,
    sessions,
    sessionsOfKilled,
    notCrossed401,
  };
}

/** Per round: the survivor's latency with both up vs during the kill, and the rejoined process's work. */
function killLogOf(rounds: MultiRound[], outcomes: Outcome[]) {
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
  return { killLog, before, during };
}

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

    // Requests per server, and what each failure was; at most a few lines of each kind:
    // the counts are in the figures.
    const noted = new Map<string, number>();
    const note = (kind: string, line: string) => {
      const seen = noted.get(kind) ?? 0;
      noted.set(kind, seen + 1);
      if (seen < 10) result.findings.push(line);
    };
    const {
      perServer,
      processes,
      fiveXx,
      network,
      networkByCode,
      unacknowledgedWrites,
      sessions,
      sessionsOfKilled,
      notCrossed401,
    } = tallyOutcomes(outcomes, rounds, note);
    const { killLog, before, during } = killLogOf(rounds, outcomes);
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
    await verifyDatabase(result, ledger, database.url);
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
