import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** The API suite's PostgreSQL leg: tests that need real server processes on one database run only there. */
export const onPostgres = process.env.BRIGADE_TEST_DRIVER === 'postgres' && !!process.env.TEST_DATABASE_URL;

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, retrying while PostgreSQL restarts (the soak restarts it on purpose). */
  drop(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server of `adminUrl`, named `<prefix>_<unique>`:
 * what API tests, the bench and the soak each run against. Empty, or a copy of `template`.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(adminUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${client.escapeIdentifier(template)}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
          return;
        } catch (error) {
          if (attempt === 20) throw error;
          await sleep(500);
        }
      }
    },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}
