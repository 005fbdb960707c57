import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
} as const;

/** Page buttons under a server-paged list; nothing when everything fits on one page. */
export function ListPagination({ total, page, pageSize, onChange, label }: ListPaginationProps) {
  const { i18n, t } = useLingui();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" mt="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': i18n._(CONTROL_LABELS[control]) })}
        getItemProps={(item) => ({ 'aria-label': t`Page ${item}`, 'aria-current': item === page ? 'page' : undefined })}
      />
    </Group>
  );
}
