import { SORT_ORDERS, type SortOrder } from '@brigade/core/schemas/common';
import { useDebouncedValue } from '@mantine/hooks';
import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useCallback, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const SEARCH_DELAY_MS = 300;

/** How a list sorts: the columns its server accepts, and its order without a choice. */
export interface ListSortSpec<Column extends string> {
  columns: readonly [Column, ...Column[]];
  defaultSort: Column;
  defaultOrder: SortOrder;
  /** Columns whose first click sorts high to low (dates, scores): newest or best first. */
  descendingFirst?: readonly Column[];
}

/** What a column header or sort menu needs: is this column the sort, and how to choose it. */
export interface SortControl {
  sorted: SortOrder | null;
  onSort: () => void;
}

/**
 * A server-paged list's search, filters, sort and page, kept in the address
 * (`?search=anna&restaurantId=…&sort=name&order=desc&page=2`), so Back, reload and a
 * shared link show the same view. Defaults stay out of the address. The search box is
 * the person's own text at once; the address (and so the query) follows once typing
 * settles. Any change but the page starts again at page 1.
 */
export function useListParams<Column extends string, FilterKey extends string = never>(
  sorting: ListSortSpec<Column>,
  filterKeys: readonly FilterKey[] = [],
) {
  // Built once: the spec and keys are constants of the page that calls this.
  const [parsers] = useState(() => ({
    search: parseAsString.withDefault(''),
    page: parseAsInteger.withDefault(1),
    sort: parseAsStringLiteral(sorting.columns).withDefault(sorting.defaultSort),
    order: parseAsStringLiteral(SORT_ORDERS).withDefault(sorting.defaultOrder),
    ...Object.fromEntries(filterKeys.map((key) => [key, parseAsString])),
  }));
  // In-list changes replace the entry: Back leaves the list, and comes back to this view.
  const [params, setParams] = useQueryStates(parsers, { history: 'replace' });
  const state = params as typeof params & Record<FilterKey, string | null>;

  const [search, setSearch] = useState(state.search);
  const [settledSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const navigation = useNavigation();

  // A settled search goes to the address, but never while another page loads: a person
  // who types and at once opens a row would otherwise be sent back to the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text counts
  useEffect(() => {
    if (navigation.state !== 'idle' || settledSearch === state.search) return;
    void setParams({ search: settledSearch || null, page: null });
  }, [settledSearch]);

  // The address changed by itself (Back, a link): the box shows what the list is searched by.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the address's search counts
  useEffect(() => {
    if (state.search !== settledSearch) setSearch(state.search);
  }, [state.search]);

  const setPage = useCallback((page: number) => void setParams({ page: page > 1 ? page : null }), [setParams]);

  const setFilters = useCallback(
    (changes: Partial<Record<FilterKey, string | null>>) =>
      void setParams({ ...(changes as Record<string, string | null>), page: null }),
    [setParams],
  );

  const setSort = useCallback(
    (sort: Column, order: SortOrder) => void setParams({ sort, order, page: null } as never),
    [setParams],
  );

  /** Header clicks: the sorted column flips; another column starts in its natural direction. */
  const sortControl = (column: Column): SortControl => ({
    sorted: state.sort === column ? state.order : null,
    onSort: () => {
      if (state.sort === column) setSort(column, state.order === 'asc' ? 'desc' : 'asc');
      else setSort(column, sorting.descendingFirst?.includes(column) ? 'desc' : 'asc');
    },
  });

  const filters = Object.fromEntries(filterKeys.map((key) => [key, state[key] ?? null])) as Record<
    FilterKey,
    string | null
  >;

  return {
    /** The search box's text, as typed. */
    search,
    setSearch,
    /** What the server is asked for: exactly what the address says. */
    query: { search: state.search, page: state.page, sort: state.sort as Column, order: state.order },
    filters,
    setFilters,
    setPage,
    setSort,
    sortControl,
  };
}

/**
 * The query string of the list's CSV export: the same search, filters and sort as the
 * screen, without the page (an export is every row).
 */
export function exportQuery(query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'pageSize' || value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}
