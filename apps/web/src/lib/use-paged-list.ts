import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 300;

/**
 * Search text, its debounced value and the page number of a server-paged list. A page
 * number belongs to one search and filter (`filterKey`): a new one starts at page 1.
 */
export function usePagedList(filterKey: string) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const listKey = `${filterKey}|${debouncedSearch}`;
  const [paging, setPaging] = useState({ listKey: '', page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ listKey, page: next }), [listKey]);
  return { search, setSearch, debouncedSearch, page, setPage };
}

/** Deleting the last row of the last page: go back to the page that still exists. */
export function useClampPage(
  data: { items: readonly unknown[]; total: number; page: number; pageSize: number } | undefined,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (!data || data.items.length > 0 || data.page <= 1) return;
    setPage(Math.max(1, Math.ceil(data.total / data.pageSize)));
  }, [data, setPage]);
}
