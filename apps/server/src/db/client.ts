import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers' Drizzle instances share this interface; services use only it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A query helper accepts either the database or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Round trip to the database, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** PostgreSQL extensions the migrations use, bundled for the embedded database. */
const extensions = { pg_trgm };

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

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
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client losing its server (a database restart) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  let releaseLock = () => {};
  let client: PGlite;
  if (target.kind === 'pglite') {
    fs.mkdirSync(target.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(target.dataDir);
    client = new PGlite(path.join(target.dataDir, 'pgdata'), { extensions });
  } else {
    client = new PGlite({ extensions });
  }
  try {
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
