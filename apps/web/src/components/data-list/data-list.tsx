import { Group, type MantineSpacing, Paper, SimpleGrid, type SimpleGridProps, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortControl } from '../../lib/use-list-params';
import { useClampPage } from '../../lib/use-paged-list';
import { EmptyList } from '../empty-list';
import { ListPagination } from '../list-pagination';
import { LoadError } from '../load-error';
import { type DataColumn, DataTable, type DataTableProps, RowCheckbox, type RowSelection } from './data-table';

/** A list's columns and selection are its table's. */
export type { DataColumn, RowSelection };

/** A page of rows as the server sends it (core `paged()`). */
export interface RowsPage<Row> {
  items: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the list reads of its query (a TanStack Query result fits). */
export interface DataListQuery<Row> {
  data: RowsPage<Row> | readonly Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface DataListProps<Row, Sort extends string = string> {
  query: DataListQuery<Row>;
  /** The table's columns; a list drawn only as cards (or by `renderRows`) has none. */
  columns?: readonly DataColumn<Row, Sort>[];
  rowKey: (row: Row) => string;
  /** Under the table breakpoint each row is a card (see `ListCard`). */
  card?: (row: Row) => ReactNode;
  /** How the cards lie, where a list has always laid them otherwise (see `CardGrid`). */
  cards?: CardGrid;
  /**
   * Rows drawn neither as a table nor as cards (a divided list the notification bell
   * shares): the list keeps its skeleton, load error, empty state and page buttons.
   */
  renderRows?: (rows: readonly Row[]) => ReactNode;
  /** `useTableLayout()`: the page decides, as its filters show a "Sort by" menu for cards. */
  showTable: boolean;
  sortControl?: (sort: Sort) => SortControl;
  labels: {
    /** The skeleton's name: "Loading restaurants". */
    loading: string;
    /** "Failed to load restaurants", above the Retry button. */
    loadFailed: string;
    /** The page navigation's name: "Restaurant pages" (paged lists). */
    pages?: string;
    /** The table's name, when the page's heading does not already say it. */
    table?: string;
    /** The card list's name, when the page's heading does not already say it. */
    list?: string;
  };
  /** What an empty list says, and what to do about it. */
  empty: { title: string; description?: ReactNode; icon: ReactNode; action?: ReactNode };
  /** Paged lists: the page buttons choose the address's page. */
  onPageChange?: (page: number) => void;
  selection?: RowSelection<Row>;
  /** Mantine's table look, where a list needs it denser or wider. */
  tableProps?: DataTableProps<Row, Sort>['tableProps'];
}

/** The cards' grid: two columns from `md` in bordered sheets, unless a list needs otherwise. */
export interface CardGrid {
  cols?: SimpleGridProps['cols'];
  spacing?: MantineSpacing;
  /**
   * `false`: each card draws its own sheet (a Mantine `Card`, a row that turns into its
   * edit form) and the list item is bare.
   */
  framed?: boolean;
}

function isPage<Row>(data: RowsPage<Row> | readonly Row[]): data is RowsPage<Row> {
  return !Array.isArray(data);
}

/**
 * Every list screen's body (issue 32): a skeleton while it loads, the load error with
 * Retry, the empty state, then a table on wide screens and cards below — the same rows,
 * facts and actions either way — with the page buttons under it. Sorting happens on the
 * server; the header buttons only change the address (`useListParams`).
 */
export function DataList<Row, Sort extends string = string>({
  query,
  columns = [],
  rowKey,
  card,
  cards,
  renderRows,
  showTable,
  sortControl,
  labels,
  empty,
  onPageChange,
  selection,
  tableProps,
}: DataListProps<Row, Sort>) {
  const page = query.data && isPage(query.data) ? query.data : undefined;
  // Deleting the last row of the last page: go back to the page that still exists.
  useClampPage(page, onPageChange ?? ignorePage);

  if (query.isPending) return <ListSkeleton label={labels.loading} columns={columns.length} />;
  if (query.isError && !query.data) {
    return <LoadError message={labels.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (!query.data) return null;
  const rows = page ? page.items : (query.data as readonly Row[]);
  if (rows.length === 0) {
    return (
      <Stack align="center" gap={0}>
        <EmptyList title={empty.title} description={empty.description} icon={empty.icon} />
        {empty.action}
      </Stack>
    );
  }
  return (
    <div aria-busy={query.isFetching || undefined}>
      {renderRows ? (
        renderRows(rows)
      ) : showTable ? (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={rowKey}
          sortControl={sortControl}
          selection={selection}
          label={labels.table}
          tableProps={{ verticalSpacing: 'sm', horizontalSpacing: 'sm', highlightOnHover: true, ...tableProps }}
          framed
        />
      ) : (
        <RowCards rows={rows} rowKey={rowKey} card={card} selection={selection} grid={cards} label={labels.list} />
      )}
      {page && onPageChange && labels.pages && (
        <ListPagination
          label={labels.pages}
          total={page.total}
          page={page.page}
          pageSize={page.pageSize}
          onChange={onPageChange}
        />
      )}
    </div>
  );
}

function ignorePage() {}

interface RowCardsProps<Row> extends Pick<DataListProps<Row>, 'rowKey' | 'card' | 'selection'> {
  rows: readonly Row[];
  grid?: CardGrid;
  label?: string;
}

function RowCards<Row>({ rows, rowKey, card, selection, grid = {}, label }: RowCardsProps<Row>) {
  const { cols = { base: 1, md: 2 }, spacing = 'sm', framed = true } = grid;
  return (
    <SimpleGrid
      component="ul"
      cols={cols}
      spacing={spacing}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {rows.map((row) => (
        <RowCard key={rowKey(row)} row={row} rowKey={rowKey} card={card} selection={selection} framed={framed} />
      ))}
    </SimpleGrid>
  );
}

function RowCard<Row>({
  row,
  rowKey,
  card,
  selection,
  framed,
}: Pick<RowCardsProps<Row>, 'rowKey' | 'card' | 'selection'> & { row: Row; framed: boolean }) {
  const content = selection ? (
    <Group align="flex-start" wrap="nowrap" h="100%">
      <RowCheckbox row={row} rowKey={rowKey} selection={selection} />
      <div style={{ flex: 1, minWidth: 0, height: '100%' }}>{card?.(row)}</div>
    </Group>
  ) : (
    card?.(row)
  );
  return framed ? (
    <Paper component="li" withBorder p="md">
      {content}
    </Paper>
  ) : (
    <li>{content}</li>
  );
}

/** Four grey rows shaped like the list's columns, named for screen readers. */
export function ListSkeleton({ label, columns = 4 }: { label: string; columns?: number }) {
  const widths = Array.from({ length: Math.min(Math.max(columns, 2), 5) }, (_, index) => (index === 0 ? 2 : 1));
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={label}>
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} wrap="nowrap">
            {widths.map((flex, cell) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
              <Skeleton key={cell} height={36} style={{ flex }} />
            ))}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
