import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database } from './database';
import * as schema from './schema/index';

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` (migrations, the demo load) while no other server starting on the same
   * database does: on PostgreSQL a session-level advisory lock on a connection of its own;
   * the embedded database is one process's already (its data directory is locked).
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Round trip to the database, for the health check. */
  ping(): Promise<void>;
  /** Whether every migration of this build is applied, for the readiness check. */
  migrationsCurrent(): Promise<MigrationStatus>;
  close(): Promise<void>;
  /** Where the job queue (jobs/job-queue.ts) keeps its jobs: this database, through its own connections or PGlite's one. */
  jobStore: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
}

export interface MigrationStatus {
  current: boolean;
  /** Rows in drizzle.__drizzle_migrations. */
  applied: number;
  /** Migrations in migrations/meta/_journal.json not applied yet (Drizzle's own rule: newer than the last applied). */
  pending: number;
}

/** PGlite could not open its data directory (damaged files); `cause` says why. */
export class EmbeddedDatabaseError extends Error {
  constructor(
    readonly pgdataDir: string,
    cause: unknown,
  ) {
    super(`The embedded database in ${pgdataDir} could not be opened`, { cause });
  }
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

let journalMillis: number[] | undefined;

/**
 * Compares drizzle.__drizzle_migrations (the table both Drizzle migrators keep) with the
 * journal, as `migrate()` would: a migration is pending when it is newer than the last
 * applied one. A database never migrated has no such table: all pending.
 */
async function migrationStatus(select: (sql: string) => Promise<{ created_at: unknown }[]>): Promise<MigrationStatus> {
  journalMillis ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  let rows: { created_at: unknown }[];
  try {
    rows = await select('select created_at from drizzle.__drizzle_migrations order by created_at');
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: never migrated.
    const code = (error as { code?: unknown }).code;
    if (code !== '42P01' && code !== '3F000') throw error;
    rows = [];
  }
  const last = rows.length > 0 ? Number(rows[rows.length - 1]?.created_at) : Number.NEGATIVE_INFINITY;
  const pending = journalMillis.filter((millis) => millis > last).length;
  return { current: pending === 0, applied: rows.length, pending };
}

/** PostgreSQL extensions the migrations use, bundled for the embedded database. */
const extensions = { pg_trgm };

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `snapshot` (a `dumpDataDir` of a migrated database) spares initdb and the migrations: the API tests start from one. */
  | { kind: 'pglite-memory'; snapshot?: Blob };

export interface DatabaseOptions {
  /**
   * Called with every statement Drizzle sends (Better Auth's included, and a
   * transaction's begin and commit on PostgreSQL): the round-trip counter of the
   * query-count test and the bench.
   */
  onQuery?: (query: string, params: unknown[]) => void;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (target.kind === 'postgres') {
    // A server that does not answer (host down, packets dropped) fails a request in 5 s instead of hanging it.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its server (a database restart) must not crash the process.
    pool.on('error', () => {});
    // pg-pool listens for a client's errors only while it is idle: a client checked out
    // (inside a transaction) whose server goes away would otherwise raise an unhandled
    // 'error' and end the process. Its pending query still fails, and becomes a 503.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      withStartupLock: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.startup]);
          return await work();
        } finally {
          // Closing the connection would release the lock too; unlocking keeps it reusable.
          await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.startup]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      migrationsCurrent: () => migrationStatus(async (sql) => (await pool.query(sql)).rows),
      close: () => pool.end(),
      jobStore: { kind: 'postgres', url: target.url },
    };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if (target.kind === 'pglite') {
    fs.mkdirSync(target.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(target.dataDir);
    client = new PGlite(path.join(target.dataDir, 'pgdata'), { extensions });
  } else {
    client = new PGlite({ extensions, loadDataDir: target.snapshot });
  }
  try {
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw target.kind === 'pglite' ? new EmbeddedDatabaseError(path.join(target.dataDir, 'pgdata'), error) : error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withStartupLock: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    migrationsCurrent: () => migrationStatus(async (sql) => (await client.query<{ created_at: unknown }>(sql)).rows),
    close: async () => {
      await client.close();
      releaseLock();
    },
    jobStore: { kind: 'pglite', client },
  };
}
