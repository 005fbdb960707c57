/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts --demo`),
 * its output kept for the report, and the throwaway PostgreSQL database it runs on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/test/scratch-database';
import { freePort } from '../../apps/server/test/server-process';

export { freePort };

import { sleep } from './http';

export const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN_URL = process.env.SOAK_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'soak-secret-soak-secret-soak-secret-0000';
const OUTPUT_LIMIT = 2_000_000;

export interface ServerTarget {
  /** PostgreSQL, or embedded PGlite in dataDir when undefined. */
  databaseUrl?: string;
  dataDir: string;
  port: number;
  /**
   * PUBLIC_URL when it is not the server's own address: several servers behind one
   * balancer share it (and they all get the same BETTER_AUTH_SECRET, SECRET below).
   */
  publicUrl?: string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** One run of the server; a restart is a new ServerProcess on the same target. */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  exit: Exit | null = null;
  private text = '';

  constructor(readonly target: ServerTarget) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: target.databaseUrl ?? '',
        DATA_DIR: target.dataDir,
        HOST: '127.0.0.1',
        PORT: String(target.port),
        PUBLIC_URL: target.publicUrl ?? this.baseUrl,
        BETTER_AUTH_SECRET: SECRET,
        SIGN_IN_RATE_LIMIT: '100000',
        LOG_LEVEL: 'warn',
        WEB_ROOT: '',
      },
    });
    const keep = (chunk: Buffer) => {
      this.text += chunk.toString();
      if (this.text.length > OUTPUT_LIMIT) this.text = this.text.slice(-OUTPUT_LIMIT / 2);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal, at: performance.now() };
        resolve(this.exit);
      });
    });
  }

  get baseUrl() {
    return `http://localhost:${this.target.port}`;
  }

  get pid() {
    return this.child.pid ?? -1;
  }

  get alive() {
    return this.exit === null;
  }

  output() {
    return this.text;
  }

  /** Resolves once /api/health answers 200; rejects with the server's output if it exits or takes too long. */
  async waitHealthy(timeoutMs = 120_000): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if (this.exit) {
        throw new StartFailure(`the server exited (code ${this.exit.code}, signal ${this.exit.signal})`, this.text);
      }
      const healthy = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await sleep(100);
    }
    throw new StartFailure(`the server did not answer /api/health within ${timeoutMs / 1000} s`, this.text);
  }

  kill(signal: NodeJS.Signals) {
    if (this.alive) this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it is still there after a while. */
  async stop(graceMs = 15_000): Promise<Exit> {
    if (this.exit) return this.exit;
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return exit;
  }

  /** The end of the output without warn/info lines: what a dying server printed last. */
  tail(lines = 40): string {
    return this.text
      .split('\n')
      .filter((line) => line.trim() && !/"level":(30|40)\b/.test(line))
      .slice(-lines)
      .join('\n');
  }

  /** Error-level lines of the server's log (pino JSON at level 50/60, or plain text with "Error"). */
  errorLines(): string[] {
    return this.text.split('\n').filter((line) => /"level":(50|60)/.test(line) || /^\s*(\w*Error|error)\b/.test(line));
  }
}

export class StartFailure extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

interface LoggedError {
  type?: string;
  code?: string;
  message?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * The distinct error messages of the server's error log lines, with how often each came:
 * the log message, then each error and its causes (type, SQLSTATE, message), without
 * Drizzle's "Failed query: <sql> params: <values>" text.
 */
export function errorMessages(lines: string[]): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  const describe = (error: LoggedError | undefined, depth = 0): string => {
    if (!error || depth > 5) return '';
    const message = (error.message ?? '').replace(/^Failed query: [\s\S]*$/, 'Failed query');
    const own = [error.type, error.code, message].filter(Boolean).join(' ');
    // pino puts the causes in the stack: "caused by: error: deadlock detected".
    const stackCauses = [...(error.stack ?? '').matchAll(/^caused by: (.*)$/gm)].map((match) => match[1]).join(' ← ');
    const cause = describe(error.cause, depth + 1) || stackCauses;
    return cause ? `${own} ← ${cause}` : own;
  };
  for (const line of lines) {
    let message = line.trim();
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: LoggedError; cause?: LoggedError };
      message = `${entry.msg ?? ''}: ${describe(entry.err ?? entry.cause)}`;
    } catch {
      // Plain text.
    }
    message = message.replace(/\s+/g, ' ').slice(0, 600);
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts.entries()].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count);
}

/** A fresh database `brigade_soak_<label>_…` on the local PostgreSQL; drop() removes it. */
export function createDatabase(label: string): Promise<ScratchDatabase> {
  return createScratchDatabase(ADMIN_URL, `brigade_soak_${label.replace(/\W/g, '_')}`);
}

/** A short-lived connection for the checks; `query` returns rows. */
export async function withPg<T>(url: string, run: (query: SqlQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(async (text, params) => (await client.query(text, params as unknown[])).rows);
  } finally {
    await client.end();
  }
}

export type SqlQuery = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;
