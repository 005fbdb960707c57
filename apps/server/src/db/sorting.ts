import type { SortOrder } from '@brigade/core/schemas/common';
import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * How one list may be sorted: the SQL behind each column the query string may name, the
 * order without one, and the unique key that breaks ties, so a row keeps its place from
 * one page to the next whatever the sort.
 */
export interface ListSorting<Column extends string> {
  columns: Record<Column, SQLWrapper | readonly SQLWrapper[]>;
  defaultSort: Column;
  defaultOrder: SortOrder;
  tiebreak: SQLWrapper;
}

/**
 * The ORDER BY of a list for `?sort=&order=`. Every key (and the tie-break) runs in the
 * same direction, so an index on (column, id) serves both directions, read backwards for
 * `desc`. A sort without an order is ascending; no sort at all is the list's default.
 */
export function orderByOf<Column extends string>(
  sorting: ListSorting<Column>,
  query: { sort?: Column; order?: SortOrder },
): SQL[] {
  const sort = query.sort ?? sorting.defaultSort;
  const order = query.order ?? (query.sort ? 'asc' : sorting.defaultOrder);
  const direction = order === 'asc' ? asc : desc;
  const keys = sorting.columns[sort];
  return [...(Array.isArray(keys) ? keys : [keys]), sorting.tiebreak].map((key) => direction(key));
}
