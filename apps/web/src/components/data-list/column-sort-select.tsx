import type { SortOrder } from '@brigade/core/schemas/common';
import { SortSelect } from '../sort-select';
import type { DataColumn } from './data-list';

type SortColumn<Sort extends string> = Pick<DataColumn<unknown, Sort>, 'header' | 'sort' | 'sortLabel'>;

interface ColumnSortSelectProps<Sort extends string> {
  columns: readonly SortColumn<Sort>[];
  sort: Sort;
  order: SortOrder;
  onChange: (sort: Sort, order: SortOrder) => void;
}

/** The cards' "Sort by": the same sorts as the table's header buttons, from the same columns. */
export function ColumnSortSelect<Sort extends string>({ columns, sort, order, onChange }: ColumnSortSelectProps<Sort>) {
  const options = columns.flatMap((column) =>
    column.sort ? [{ value: column.sort, label: column.sortLabel ?? column.header }] : [],
  );
  return <SortSelect options={options} sort={sort} order={order} onChange={onChange} />;
}
