import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

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
  rows: readonly { total: number }[],
  page: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows[0]) return rows[0].total;
  return page === 1 ? 0 : count();
}
