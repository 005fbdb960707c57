import { sql } from 'drizzle-orm';
import type { Queryable } from './database';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tables partitioned by UTC month (the activity log, decision 043; sensor readings,
 * decision 047): the months a daily job makes sure exist, and the moment before which
 * whole months are past retention.
 */

/** The first days (`YYYY-MM-01`) of this UTC month and the next: the partitions kept ready ahead. */
export function comingMonths(now = new Date()): string[] {
  return [0, 1].map((offset) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10),
  );
}

/** Entries older than this are past retention; a month goes once its newest possible entry is. */
export function retentionCutoff(retentionDays: number, now = new Date()): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * Creates this month's and next month's partitions of `table` (partitioned by range on
 * the timestamptz `keyColumn`) unless they exist, with the SQL function of migration
 * 0034; the months created, `YYYY-MM`.
 */
export async function ensureMonthPartitions(
  db: Queryable,
  table: string,
  keyColumn: string,
  now = new Date(),
): Promise<string[]> {
  const created: string[] = [];
  for (const day of comingMonths(now)) {
    const { rows } = (await db.execute(
      sql`select month_partition_ensure(${table}, ${keyColumn}, ${day}::date) as created`,
    )) as unknown as { rows: { created: boolean }[] };
    if (rows[0]?.created) created.push(day.slice(0, 7));
  }
  return created;
}

/** Drops the monthly partitions of `table` that ended more than `retentionDays` ago; the months dropped. */
export async function dropExpiredMonthPartitions(
  db: Queryable,
  table: string,
  retentionDays: number,
  now = new Date(),
): Promise<string[]> {
  const cutoff = retentionCutoff(retentionDays, now);
  const { rows } = (await db.execute(
    sql`select month_partitions_drop_before(${table}, ${cutoff.toISOString()}::timestamptz) as month`,
  )) as unknown as { rows: { month: string }[] };
  return rows.map((row) => row.month);
}
