import { sql } from 'drizzle-orm';
import type { Queryable } from './database';

/**
 * PostgreSQL advisory lock keys, one per invariant that spans rows and must hold with
 * several servers on one database. Each is taken with `pg_advisory_xact_lock`, so it is
 * released when the transaction ends, whatever happens to the process.
 */
export const ADVISORY_LOCKS = {
  /** The first head-office account is created once. */
  firstRun: 4_711_001,
  /** At least one active hq stays: every change that may remove one waits its turn. */
  headOffice: 4_711_002,
  /** Migrations and the demo load run on one server at a time (a session-level lock). */
  startup: 4_711_003,
  /** The checklist job runs on one server at a time: a second finds it taken and skips its turn. */
  checklistJob: 4_711_004,
} as const;

/** Waits for the lock until the transaction ends; take it before any row lock, to keep one order. */
export async function lockForTransaction(tx: Queryable, key: (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS]) {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Takes the lock until the transaction ends if nobody holds it; false (without waiting) if someone does. */
export async function tryLockForTransaction(
  tx: Queryable,
  key: (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS],
): Promise<boolean> {
  const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as taken`)) as unknown as {
    rows: { taken: boolean }[];
  };
  return rows[0]?.taken === true;
}
