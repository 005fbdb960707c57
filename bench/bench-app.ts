import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import type { DatabaseHandle } from '../apps/server/src/db/client';

export const BENCH_PUBLIC_URL = 'http://localhost:3000';
export const BENCH_PASSWORD = 'bench-password';

/** The server as the bench drives it: no web app, and sign-in limits out of the way. */
export function buildBenchApp(database: DatabaseHandle) {
  return buildApp({
    database,
    publicUrl: BENCH_PUBLIC_URL,
    authSecret: 'bench-secret-bench-secret-bench-secret-00',
    signInRateLimit: 1_000_000,
    sessionDays: 1,
    webRoot: null,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-bench-')),
  });
}

/** The raw driver under Drizzle (pg Pool or PGlite): both answer query(text, params). */
export function rawClientOf(database: DatabaseHandle) {
  return (database.db as unknown as { $client: { query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }> } })
    .$client;
}
