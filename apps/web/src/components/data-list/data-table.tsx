import { Checkbox, Paper, Table, type TableProps, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { SortControl } from '../../lib/use-list-params';
import { SortableTh } from '../sortable-th';

/** One column of a table: its header, its cell, and the sort key when it sorts. */
export interface DataColumn<Row, Sort extends string = string> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The sort key: the header becomes a button that sorts by it. */
  sort?: Sort;
  /** The name of this sort in the phone's "Sort by" menu, when it differs from the header. */
  sortLabel?: string;
  /** Dates, counts and badges that read badly when wrapped. */
  noWrap?: boolean;
  /** Figures line up on the right. */
  align?: 'right';
  /** The cell names its row (a restaurant in a table of counts): a row header for screen readers. */
  rowHeader?: boolean;
  width?: number | string;
}

/** Checkboxes in front of the rows, for lists that act on several at once. */
export interface RowSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Each checkbox's name: "Select Brigade Rotterdam". */
  rowLabel: (row: Row) => string;
  /** The header checkbox's name: "Select all restaurants". */
  allLabel: string;
}

export interface DataTableProps<Row, Sort extends string = string> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row, Sort>[];
  rowKey: (row: Row) => string;
  sortControl?: (sort: Sort) => SortControl;
  selection?: RowSelection<Row>;
  /** The table's name, unless a heading names it (`labelledBy`) or a visible `caption` does. */
  label?: string;
  caption?: ReactNode;
  labelledBy?: string;
  describedBy?: string;
  /** Mantine's table look: spacing, stripes, a sticky header. */
  tableProps?: Omit<TableProps, 'children'>;
  /** A list's table sits in a bordered sheet; a section's or a chart's does not. */
  framed?: boolean;
  /**
   * Scroll sideways below `minWidth` instead of squeezing the columns (phones). With a
   * `label` the scrolling area is a named group that takes keyboard focus, so arrow
   * keys scroll it (axe: scrollable-region-focusable).
   */
  scroll?: { minWidth: number; label?: string };
  /** Said in one row across the table when there are no rows. */
  emptyRow?: string;
  /** A row under each row, opened by a button in it (a store visit's notes). */
  detail?: RowDetail<Row>;
}

export interface RowDetail<Row> {
  /** The detail row's id, for the opening button's `aria-controls`. */
  id: (row: Row) => string;
  open: (row: Row) => boolean;
  render: (row: Row) => ReactNode;
}

/**
 * The one table of the web app (issue 32): columns as data, sortable headers with
 * `aria-sort`, optional row checkboxes, an optional empty row, and a sideways scroll
 * for wide tables on narrow screens. Lists use it through `DataList`.
 */
export function DataTable<Row, Sort extends string = string>({
  rows,
  columns,
  rowKey,
  sortControl,
  selection,
  label,
  labelledBy,
  describedBy,
  tableProps,
  framed = false,
  scroll,
  emptyRow,
  detail,
  caption,
}: DataTableProps<Row, Sort>) {
  const width = columns.length + (selection ? 1 : 0);
  const table = (
    <Table aria-label={label} aria-labelledby={labelledBy} aria-describedby={describedBy} {...tableProps}>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <SelectAll rows={rows} rowKey={rowKey} selection={selection} />
            </Table.Th>
          )}
          {columns.map((column) =>
            column.sort && sortControl ? (
              <SortableTh
                key={column.header}
                scope="col"
                w={column.width}
                ta={column.align}
                {...sortControl(column.sort)}
              >
                {column.header}
              </SortableTh>
            ) : (
              <Table.Th key={column.header} scope="col" w={column.width} ta={column.align}>
                {column.header}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && emptyRow ? (
          <Table.Tr>
            <Table.Td colSpan={width}>
              <Text c="gray.7" ta="center" py="md" role="status">
                {emptyRow}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => (
            <Fragment key={rowKey(row)}>
              <Table.Tr>
                {selection && (
                  <Table.Td>
                    <RowCheckbox row={row} rowKey={rowKey} selection={selection} />
                  </Table.Td>
                )}
                {columns.map((column) => {
                  const Cell = column.rowHeader ? Table.Th : Table.Td;
                  return (
                    <Cell
                      key={column.header}
                      {...(column.rowHeader ? { scope: 'row', fw: 400 } : {})}
                      ta={column.align}
                      style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </Table.Tr>
              {detail && (
                <Table.Tr id={detail.id(row)} hidden={!detail.open(row)} bg="gray.0">
                  <Table.Td colSpan={width}>{detail.render(row)}</Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
  const scrolled = scroll ? (
    <Table.ScrollContainer
      minWidth={scroll.minWidth}
      {...(scroll.label
        ? {
            type: 'native',
            tabIndex: 0,
            role: 'group',
            'aria-label': scroll.label,
            // The containing block of visually hidden texts inside, which would otherwise widen the page.
            pos: 'relative',
          }
        : {})}
    >
      {table}
    </Table.ScrollContainer>
  ) : (
    table
  );
  return framed ? <Paper withBorder>{scrolled}</Paper> : scrolled;
}

interface SelectionProps<Row> {
  rowKey: (row: Row) => string;
  selection: RowSelection<Row>;
}

export function RowCheckbox<Row>({ row, rowKey, selection }: SelectionProps<Row> & { row: Row }) {
  const key = rowKey(row);
  return (
    <Checkbox
      aria-label={selection.rowLabel(row)}
      checked={selection.selected.has(key)}
      onChange={(event) => {
        const next = new Set(selection.selected);
        if (event.currentTarget.checked) next.add(key);
        else next.delete(key);
        selection.onChange(next);
      }}
    />
  );
}

/** Selects or clears every row shown; partly checked when some are. */
function SelectAll<Row>({ rows, rowKey, selection }: SelectionProps<Row> & { rows: readonly Row[] }) {
  const keys = rows.map(rowKey);
  const chosen = keys.filter((key) => selection.selected.has(key)).length;
  return (
    <Checkbox
      aria-label={selection.allLabel}
      checked={chosen > 0 && chosen === keys.length}
      indeterminate={chosen > 0 && chosen < keys.length}
      onChange={(event) => {
        const next = new Set(selection.selected);
        for (const key of keys) {
          if (event.currentTarget.checked) next.add(key);
          else next.delete(key);
        }
        selection.onChange(next);
      }}
    />
  );
}
