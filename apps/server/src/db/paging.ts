import { sql } from 'drizzle-orm';

/**
 * The number of rows the filter matched, on every row of a page: `count(*) over ()` is
 * computed before LIMIT, so a page and its total come back in one round trip.
 */
export const matchedRows = () => sql<number>`(count(*) over ())::int`;

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
