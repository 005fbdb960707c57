/** 4. The db-restart phase: PostgreSQL stops for 5 s under load. */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';
import { bodyText, type Outcome, Recorder, sleep } from '../http';
import { Ledger } from '../ledger';
import { runPeople, setUpWorld } from '../scenario';
import { ADMIN_URL, ServerProcess } from '../server';
import {
  log,
  newResult,
  type PhaseOptions,
  type PhaseResult,
  stopKeepingErrors,
  verifyDatabase,
  WORLD,
  warmUp,
  withPostgres,
} from './shared';

const execFileAsync = promisify(execFile);

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
      await verifyDatabase(result, ledger, target.databaseUrl ?? '');
      result.ran = true;
    } finally {
      await stopKeepingErrors(result, server);
    }
  });
  return result;
}
