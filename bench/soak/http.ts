/**
 * The soak's HTTP side: a signed-in person (fetch with a cookie jar) and the recorder
 * every request reports to — per operation its count, latencies and status classes,
 * and the body of every 5xx, since each one is a finding.
 */
import { performance } from 'node:perf_hooks';

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'network';

export interface Outcome {
  op: string;
  method: string;
  path: string;
  /** 0 when no response came (refused, reset, timed out). */
  status: number;
  ms: number;
  sentAt: number;
  endedAt: number;
  body: unknown;
  error?: string;
  /** Behind a balancer (multi phase): the server that got this attempt and its process. */
  backend?: string;
  pid?: number;
  /** Behind a balancer: the server process whose sign-in answer set this session's cookie. */
  sessionFrom?: { backend: string; pid: number };
  /** The balancer sent this request again to another server after this attempt failed. */
  retried?: boolean;
}

/** One server behind a balancer, as a request sees it when it is sent. */
export interface BackendRef {
  name: string;
  baseUrl: string;
  pid: number;
}

/**
 * Where a session's requests go when it is not one server: a balancer in front of
 * several (bench/soak/balancer.ts).
 */
export interface Upstream {
  /** The Origin a browser sends on writes: the servers' shared PUBLIC_URL. */
  readonly origin: string;
  /** The server for the next request, or undefined when none is live for too long. */
  pick(): Promise<BackendRef | undefined>;
  /** After an attempt: the server to send the same request to again, or undefined to answer with this outcome. */
  afterAttempt(backend: BackendRef, outcome: Outcome, attempt: number): Promise<BackendRef | undefined>;
}

export interface FiveXx {
  op: string;
  method: string;
  path: string;
  status: number;
  body: string;
  at: number;
}

interface OpStats {
  latencies: number[];
  classes: Record<StatusClass, number>;
  /** Count per exact status (and per network error code), to tell 503 from 500. */
  statuses: Record<string, number>;
}

export interface OpSummary {
  op: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  classes: Record<StatusClass, number>;
  statuses: Record<string, number>;
}

const MAX_SAMPLES = 50;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export class Recorder {
  readonly ops = new Map<string, OpStats>();
  readonly fiveXx: FiveXx[] = [];
  fiveXxTotal = 0;
  /** A few of each distinct network error, for the report. */
  readonly networkErrors = new Map<string, number>();
  /** The first body of each op and non-2xx status, and how often that status came. */
  readonly bodies = new Map<string, { count: number; body: string }>();
  /** Called with every outcome, for phases that watch a time window. */
  listeners: ((outcome: Outcome) => void)[] = [];

  record(outcome: Outcome) {
    let stats = this.ops.get(outcome.op);
    if (!stats) {
      stats = { latencies: [], classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, network: 0 }, statuses: {} };
      this.ops.set(outcome.op, stats);
    }
    const klass = classOf(outcome.status);
    stats.classes[klass] += 1;
    const statusKey = outcome.status === 0 ? (outcome.error ?? 'network') : String(outcome.status);
    stats.statuses[statusKey] = (stats.statuses[statusKey] ?? 0) + 1;
    if (outcome.status !== 0) stats.latencies.push(outcome.ms);
    if (klass === 'network') {
      const key = `${outcome.op}: ${outcome.error}`;
      this.networkErrors.set(key, (this.networkErrors.get(key) ?? 0) + 1);
    }
    if (klass === '4xx' || klass === '5xx') {
      const key = `${outcome.op} ${outcome.status}`;
      const seen = this.bodies.get(key);
      if (seen) seen.count += 1;
      else this.bodies.set(key, { count: 1, body: bodyText(outcome.body) });
    }
    if (klass === '5xx') {
      this.fiveXxTotal += 1;
      if (this.fiveXx.length < MAX_SAMPLES) {
        this.fiveXx.push({
          op: outcome.op,
          method: outcome.method,
          path: outcome.path,
          status: outcome.status,
          body: bodyText(outcome.body),
          at: outcome.endedAt,
        });
      }
    }
    for (const listener of this.listeners) listener(outcome);
  }

  summary(): OpSummary[] {
    return [...this.ops.entries()]
      .map(([op, stats]) => {
        const sorted = [...stats.latencies].sort((a, b) => a - b);
        return {
          op,
          count: Object.values(stats.classes).reduce((sum, n) => sum + n, 0),
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          p99: round(percentile(sorted, 99)),
          classes: stats.classes,
          statuses: stats.statuses,
        };
      })
      .sort((a, b) => a.op.localeCompare(b.op));
  }

  total(klass?: StatusClass): number {
    let total = 0;
    for (const stats of this.ops.values()) {
      total += klass ? stats.classes[klass] : Object.values(stats.classes).reduce((sum, n) => sum + n, 0);
    }
    return total;
  }
}

export const bodyText = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 500);

export function classOf(status: number): StatusClass {
  if (status === 0) return 'network';
  if (status < 300) return '2xx';
  if (status < 400) return '3xx';
  if (status < 500) return '4xx';
  return '5xx';
}

export const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : n);

/** The innermost code of a fetch failure: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, TimeoutError... */
export function errorCode(error: unknown): string {
  let current: unknown = error;
  let last = 'network';
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string') last = code;
    else if (name === 'TimeoutError' || name === 'AbortError') last = String(name);
    else if (depth > 0 && typeof message === 'string') last = message;
    current = (current as { cause?: unknown }).cause;
  }
  return last;
}

export interface Account {
  email: string;
  password: string;
  role: 'hq' | 'manager' | 'staff';
  id: string;
  restaurantIds: string[];
}

export interface Response<T = unknown> {
  status: number;
  ok: boolean;
  body: T;
  outcome: Outcome;
}

/** One person's browser: a cookie jar in front of fetch; every request goes to the recorder. */
export class Session {
  private cookies = new Map<string, string>();
  /** Behind a balancer: the server process that answered the sign-in. */
  private signedInOn: { backend: string; pid: number } | undefined;

  /** `target`: one server's base URL, or a balancer in front of several. */
  constructor(
    readonly target: string | Upstream,
    private readonly recorder: Recorder,
    private readonly timeoutMs = 30_000,
  ) {}

  get signedIn() {
    return this.cookies.size > 0;
  }

  async request<T = unknown>(op: string, method: string, path: string, body?: unknown): Promise<Response<T>> {
    const upstream = typeof this.target === 'string' ? undefined : this.target;
    let backend: BackendRef | undefined =
      typeof this.target === 'string' ? { name: '', baseUrl: this.target, pid: -1 } : await this.target.pick();
    let outcome: Outcome;
    for (let attempt = 1; ; attempt++) {
      if (!backend) {
        const now = performance.now();
        outcome = {
          op,
          method,
          path,
          status: 0,
          ms: 0,
          sentAt: now,
          endedAt: now,
          body: null,
          error: 'no live server',
        };
        this.recorder.record(outcome);
        break;
      }
      outcome = await this.send(backend, op, method, path, body, upstream?.origin ?? backend.baseUrl);
      if (upstream) {
        outcome.backend = backend.name;
        outcome.pid = backend.pid;
        if (this.signedInOn && op !== 'sign-in') outcome.sessionFrom = this.signedInOn;
      }
      const next: BackendRef | undefined = upstream
        ? await upstream.afterAttempt(backend, outcome, attempt)
        : undefined;
      if (next) outcome.retried = true;
      this.recorder.record(outcome);
      if (!next) break;
      backend = next;
    }
    return {
      status: outcome.status,
      ok: outcome.status >= 200 && outcome.status < 300,
      body: outcome.body as T,
      outcome,
    };
  }

  /** One HTTP exchange with one server. */
  private async send(
    backend: BackendRef,
    op: string,
    method: string,
    path: string,
    body: unknown,
    origin: string,
  ): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers.origin = origin;
    const sentAt = performance.now();
    try {
      const response = await fetch(`${backend.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (!pair || at < 1) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: keep the text.
      }
      const endedAt = performance.now();
      if (op === 'sign-in' && response.ok) this.signedInOn = { backend: backend.name, pid: backend.pid };
      return { op, method, path, status: response.status, ms: endedAt - sentAt, sentAt, endedAt, body: parsed };
    } catch (error) {
      const endedAt = performance.now();
      return {
        op,
        method,
        path,
        status: 0,
        ms: endedAt - sentAt,
        sentAt,
        endedAt,
        body: null,
        error: errorCode(error),
      };
    }
  }

  get<T = unknown>(op: string, path: string) {
    return this.request<T>(op, 'GET', path);
  }

  post<T = unknown>(op: string, path: string, body: unknown) {
    return this.request<T>(op, 'POST', path, body);
  }

  put<T = unknown>(op: string, path: string, body: unknown) {
    return this.request<T>(op, 'PUT', path, body);
  }

  async signIn(account: Pick<Account, 'email' | 'password'>): Promise<boolean> {
    this.cookies.clear();
    this.signedInOn = undefined;
    const response = await this.post('sign-in', '/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    return response.ok && this.signedIn;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
export const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
export function sample<T>(items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, Math.min(count, copy.length));
}
