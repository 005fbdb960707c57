import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';

/**
 * How many rows of `table` the filter matches, as a column of the page's own query: a
 * scalar subquery is planned on its own (a hash join where the page walks an index),
 * and the page and its total come back in one round trip.
 */
export const matchedRows = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*)::int from ${table} ${where ? sql`where ${where}` : sql``})`;

/**
 * The total from a page's rows. Past the last page no row carries it, so only then is
 * it counted separately (a page 1 without rows means nothing matched).
 */
export async function totalOfPage(
  db: Queryable,
  page: { rows: readonly { total: number }[]; number: number },
  counted: { table: PgTable; where: SQL | undefined },
): Promise<number> {
  if (page.rows[0]) return page.rows[0].total;
  if (page.number === 1) return 0;
  const [row] = await db.select({ value: count() }).from(counted.table).where(counted.where);
  return row?.value ?? 0;
}
