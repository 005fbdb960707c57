import { useEffect } from 'react';

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
