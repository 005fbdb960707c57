import { SORT_ORDERS, type SortOrder } from '@brigade/core/schemas/common';
import { parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useCallback, useState } from 'react';
import { collator } from '../../lib/locale-format';
import type { ListSortSpec, SortControl } from '../../lib/use-list-params';

/** What a cell sorts by: text (compared as words, accents and case aside), a number, or nothing. */
export type SortValue = string | number | null;

/**
 * The sort of one of Store Performance's tables, kept in the address under the table's
 * own names (`?staffSort=progress&staffOrder=desc`), so that several tables on the page
 * each keep theirs, and reload or a shared link shows the same order. Defaults stay out
 * of the address; changes replace the history entry, as lists do (`useListParams`).
 *
 * These tables hold a bounded set that is already on the page (one restaurant's 5 latest
 * audits, its people, its visits from the board), so they are sorted here, not by the server.
 */
export function useTableSort<Column extends string>(table: string, sorting: ListSortSpec<Column>) {
  // Built once: the spec and the name are constants of the table that calls this.
  const [parsers] = useState(() => ({
    sort: parseAsStringLiteral(sorting.columns).withDefault(sorting.defaultSort),
    order: parseAsStringLiteral(SORT_ORDERS).withDefault(sorting.defaultOrder),
  }));
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the URL's parameter names, never shown
  const [urlKeys] = useState(() => ({ sort: `${table}Sort`, order: `${table}Order` }));
  const [state, setState] = useQueryStates(parsers, { history: 'replace', urlKeys });
  const sort = state.sort as Column;

  const setSort = useCallback(
    (column: Column, order: SortOrder) => void setState({ sort: column, order } as never),
    [setState],
  );

  /** Header clicks: the sorted column flips; another column starts in its natural direction. */
  const sortControl = (column: Column): SortControl => ({
    sorted: sort === column ? state.order : null,
    onSort: () => {
      if (sort === column) setSort(column, state.order === 'asc' ? 'desc' : 'asc');
      else setSort(column, sorting.descendingFirst?.includes(column) ? 'desc' : 'asc');
    },
  });

  return { sort, order: state.order, setSort, sortControl };
}

/**
 * The rows in the chosen order, a copy. Rows without a value come last either way; ties
 * go by the row's id in the same direction, as the server's lists do (`orderByOf`), so
 * that flipping a column reverses the table exactly.
 */
export function sortRows<Row extends { id: string }, Column extends string>(
  rows: readonly Row[],
  values: Record<Column, (row: Row) => SortValue>,
  sort: Column,
  order: SortOrder,
): Row[] {
  const direction = order === 'asc' ? 1 : -1;
  const read = values[sort];
  const byId = (left: Row, right: Row) => direction * collator().compare(left.id, right.id);
  return rows
    .map((row) => ({ row, value: read(row) }))
    .sort((left, right) => {
      if (left.value === null || right.value === null) {
        if (left.value === right.value) return byId(left.row, right.row);
        return left.value === null ? 1 : -1;
      }
      const compared =
        typeof left.value === 'number' && typeof right.value === 'number'
          ? left.value - right.value
          : collator().compare(String(left.value), String(right.value));
      return direction * compared || byId(left.row, right.row);
    })
    .map(({ row }) => row);
}
