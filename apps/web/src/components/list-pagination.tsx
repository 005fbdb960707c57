import { Group, Pagination } from '@mantine/core';

interface ListPaginationProps {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the list holds, for the navigation's name: "Restaurants pages". */
  label: string;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Page buttons under a server-paged list; nothing when everything fits on one page. */
export function ListPagination({ total, page, pageSize, onChange, label }: ListPaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}`, 'aria-current': item === page ? 'page' : undefined })}
      />
    </Group>
  );
}
