/**
 * The multi phase's load balancer, in the client: every request of every simulated
 * person goes round-robin to a live server, as a reverse proxy in front of several
 * servers would send it.
 *
 * - A server is marked down when a request to it fails with a network error (refused,
 *   reset, closed; not a client timeout) and when its health check is refused or
 *   answers non-200; it is marked up again when GET /api/health/ready answers 200 (the
 *   check runs every 200 ms on every server).
 * - Retries go to another live server, at most once per request:
 *   - any request refused at connect (ECONNREFUSED): it never reached a server, so
 *     sending it elsewhere cannot write twice (what nginx's proxy_next_upstream does);
 *   - a GET cut off after it was sent (reset, closed socket): reads are idempotent.
 *   A write cut off after it was sent is never retried: its answer is lost, the person
 *   sees the network error, and the write stays unacknowledged in the ledger.
 * - A response, 5xx included, is never retried: the survivor's 5xx must show.
 * - With no live server a request waits for one (up to 30 s).
 */
import { performance } from 'node:perf_hooks';
import type { BackendRef, Outcome, Upstream } from './http';
import { sleep } from './http';

export interface Backend {
  name: string;
  baseUrl: string;
  /** The process behind it now (replaced on restart). */
  pid: number;
  up: boolean;
}

export interface BalancerEvent {
  backend: string;
  pid: number;
  state: 'up' | 'down';
  at: number;
  why: string;
}

const WAIT_FOR_LIVE_MS = 30_000;
const CHECK_EVERY_MS = 200;

export class Balancer implements Upstream {
  readonly events: BalancerEvent[] = [];
  /** Requests sent again to another server, by why. */
  readonly retries = { refused: 0, getCutOff: 0 };
  /** Requests that found no live server at first, and how long they waited in all. */
  waits = 0;
  waitedMs = 0;
  private turn = 0;
  private checking = false;
  private checker: Promise<void> | undefined;

  constructor(
    readonly backends: Backend[],
    readonly origin: string,
  ) {}

  private live(except?: string): Backend[] {
    return this.backends.filter((backend) => backend.up && backend.name !== except);
  }

  private ref(backend: Backend): BackendRef {
    return { name: backend.name, baseUrl: backend.baseUrl, pid: backend.pid };
  }

  private mark(backend: Backend, up: boolean, why: string) {
    if (backend.up === up) return;
    backend.up = up;
    this.events.push({
      backend: backend.name,
      pid: backend.pid,
      state: up ? 'up' : 'down',
      at: performance.now(),
      why,
    });
  }

  /** Round-robin over the live servers; waits while none is live. */
  async pick(except?: string): Promise<BackendRef | undefined> {
    const started = performance.now();
    let waited = false;
    for (;;) {
      const live = this.live(except);
      if (live.length) {
        if (waited) this.waitedMs += performance.now() - started;
        const backend = live[this.turn++ % live.length] as Backend;
        return this.ref(backend);
      }
      if (!waited) this.waits += 1;
      waited = true;
      if (performance.now() - started > WAIT_FOR_LIVE_MS) return undefined;
      await sleep(50);
    }
  }

  async afterAttempt(ref: BackendRef, outcome: Outcome, attempt: number): Promise<BackendRef | undefined> {
    if (outcome.status !== 0 || outcome.error === 'TimeoutError') return undefined;
    const backend = this.backends.find((candidate) => candidate.name === ref.name);
    // Only the process the request went to: not a new one started since on the same port.
    if (backend && backend.pid === ref.pid)
      this.mark(backend, false, `${outcome.method} ${outcome.path}: ${outcome.error}`);
    if (attempt > 1) return undefined;
    if (outcome.error === 'ECONNREFUSED') {
      const next = await this.pick(ref.name);
      if (next) this.retries.refused += 1;
      return next;
    }
    if (outcome.method === 'GET') {
      const next = await this.pick(ref.name);
      if (next) this.retries.getCutOff += 1;
      return next;
    }
    return undefined;
  }

  /** The restarted process behind a server (down until its health check passes). */
  replace(name: string, pid: number) {
    const backend = this.backends.find((candidate) => candidate.name === name);
    if (!backend) throw new Error(`no server ${name}`);
    this.mark(backend, false, 'restarted');
    backend.pid = pid;
  }

  /** Resolves once the server is up with this process (false after timeoutMs). */
  async waitUp(name: string, pid: number, timeoutMs: number): Promise<boolean> {
    const until = performance.now() + timeoutMs;
    while (performance.now() < until) {
      const backend = this.backends.find((candidate) => candidate.name === name);
      if (backend?.up && backend.pid === pid) return true;
      await sleep(20);
    }
    return false;
  }

  startHealthChecks() {
    this.checking = true;
    this.checker = (async () => {
      while (this.checking) {
        await Promise.all(this.backends.map((backend) => this.check(backend)));
        await sleep(CHECK_EVERY_MS);
      }
    })();
  }

  async stopHealthChecks() {
    this.checking = false;
    await this.checker;
  }

  private async check(backend: Backend) {
    const pid = backend.pid;
    const answer = await fetch(`${backend.baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return { status: response.status, error: '' };
      },
      (error: { name?: string; cause?: { code?: string } }) => ({
        status: 0,
        error: String(error?.cause?.code ?? error?.name ?? error),
      }),
    );
    if (backend.pid !== pid) return;
    if (answer.status === 200) this.mark(backend, true, 'health 200');
    // A slow answer under load is no reason to take a server out.
    else if (answer.error !== 'TimeoutError') {
      this.mark(backend, false, `health ${answer.status || answer.error}`);
    }
  }
}
