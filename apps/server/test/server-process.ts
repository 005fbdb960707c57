import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../../..');

/** The test runner's environment without settings of its own that would change the server under test. */
function withoutBrigadeSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const {
    PUBLIC_URL,
    DATABASE_URL,
    S3_ENDPOINT,
    S3_BUCKET,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    WEB_ROOT,
    ...rest
  } = env;
  return rest;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** How a server process is started: Node's arguments before the server's own, and where. */
export interface ServerCommand {
  nodeArgs: string[];
  cwd: string;
}

/** The server from its TypeScript sources, through tsx (the multi-server tests' default). */
export const FROM_SOURCE: ServerCommand = { nodeArgs: ['--import', 'tsx', 'apps/server/src/main.ts'], cwd: root };

/**
 * The real server (by default `node --import tsx apps/server/src/main.ts`; the compiled
 * `apps/server/dist/main.js` with `command`) as a child process, as an operator starts it:
 * settings from the environment, its own DATA_DIR, output kept.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-server-'));
  private text = '';

  constructor(
    readonly port: number,
    env: Record<string, string>,
    args: string[] = [],
    command: ServerCommand = FROM_SOURCE,
  ) {
    this.child = spawn(process.execPath, [...command.nodeArgs, ...args], {
      cwd: command.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...withoutBrigadeSettings(process.env),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: this.dataDir,
        ...env,
      },
    });
    const keep = (chunk: Buffer) => {
      this.text += chunk.toString();
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** The address a person on this machine types: 127.0.0.1, not the default PUBLIC_URL's localhost. */
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  output() {
    return this.text;
  }

  /** Resolves once /api/health/ready answers 200; throws with the output if the server exits first. */
  async ready(timeoutMs = 90_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.alive) throw new Error(`the server on ${this.port} exited:\n${this.text}`);
      const ok = await fetch(`${this.url}/api/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`the server on ${this.port} was not ready in ${timeoutMs} ms:\n${this.text}`);
  }

  async stop() {
    if (this.alive) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await this.exited;
      clearTimeout(timer);
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
