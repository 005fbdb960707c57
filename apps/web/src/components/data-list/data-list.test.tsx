import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { SortControl } from '../../lib/use-list-params';
import { ColumnSortSelect } from './column-sort-select';
import { type DataColumn, DataList, type DataListQuery, type RowsPage } from './data-list';
import { ListCard } from './list-card';

interface Dish {
  id: string;
  name: string;
  price: number;
}

type DishSort = 'name' | 'price';

const DISHES: Dish[] = [
  { id: 'd1', name: 'Bitterballen', price: 6 },
  { id: 'd2', name: 'Stamppot', price: 14 },
];

const COLUMNS: DataColumn<Dish, DishSort>[] = [
  { header: 'Dish', sort: 'name', sortLabel: 'Name', cell: (dish) => dish.name },
  { header: 'Price', sort: 'price', noWrap: true, cell: (dish) => `€ ${dish.price}` },
  { header: 'Actions', cell: (dish) => <Button>Edit {dish.name}</Button> },
];

const LABELS = { loading: 'Loading dishes', loadFailed: 'Failed to load dishes', pages: 'Dish pages' };
const EMPTY = { title: 'No dishes found', description: 'Add your first dish', icon: null };

function page(items: Dish[], overrides: Partial<RowsPage<Dish>> = {}): RowsPage<Dish> {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

function query(overrides: Partial<DataListQuery<Dish>> = {}): DataListQuery<Dish> {
  return { data: page(DISHES), isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...overrides };
}

function renderList(props: {
  query?: DataListQuery<Dish>;
  showTable?: boolean;
  sortControl?: (sort: DishSort) => SortControl;
  onPageChange?: (page: number) => void;
  emptyAction?: boolean;
}) {
  return renderWithProviders(
    <DataList
      query={props.query ?? query()}
      columns={COLUMNS}
      rowKey={(dish) => dish.id}
      card={(dish) => <ListCard title={dish.name} actions={<Button>Edit {dish.name}</Button>} />}
      showTable={props.showTable ?? true}
      sortControl={props.sortControl}
      onPageChange={props.onPageChange}
      labels={LABELS}
      empty={{ ...EMPTY, action: props.emptyAction ? <Button>Add Dish</Button> : undefined }}
    />,
  );
}

describe('DataList', () => {
  test('while the first page loads, a named skeleton stands in for the rows', () => {
    renderList({ query: query({ data: undefined, isPending: true }) });
    expect(screen.getByRole('status', { name: 'Loading dishes' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a list that failed to load says so, and Retry asks again', async () => {
    const refetch = vi.fn();
    const { user } = renderList({ query: query({ data: undefined, isError: true, refetch }) });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load dishes');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  test('rows already shown stay when a refetch fails', () => {
    renderList({ query: query({ isError: true }) });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Stamppot' })).toBeInTheDocument();
  });

  test('an empty list shows its empty state and its call to action', () => {
    renderList({ query: query({ data: page([]) }), emptyAction: true });
    expect(screen.getByRole('status')).toHaveTextContent('No dishes found');
    expect(screen.getByText('Add your first dish')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Dish' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('wide screens: one row per item with its cells and actions', () => {
    renderList({});
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Dish', 'Price', 'Actions']);
    expect(within(rows[2] as HTMLElement).getByRole('cell', { name: '€ 14' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Edit Stamppot' })).toBeInTheDocument();
  });

  test('a sortable header is a button that sorts, and says how the table is ordered', async () => {
    const onSort = vi.fn();
    const sortControl = (sort: DishSort): SortControl => ({
      sorted: sort === 'price' ? 'desc' : null,
      onSort: () => onSort(sort),
    });
    const { user } = renderList({ sortControl });
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Dish' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dish' }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  test('narrow screens: one card per item, in a list, with the same actions', () => {
    renderList({ showTable: false });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Bitterballen')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Edit Bitterballen' })).toBeInTheDocument();
  });

  test('page buttons appear when there is more than one page, and choose the page', async () => {
    const onPageChange = vi.fn();
    const { user } = renderList({ query: query({ data: page(DISHES, { total: 45 }) }), onPageChange });
    const pages = screen.getByRole('navigation', { name: 'Dish pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  test('one page: no page buttons', () => {
    renderList({ onPageChange: vi.fn() });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test('a page left empty (its last row deleted) goes back to the last page that exists', () => {
    const onPageChange = vi.fn();
    renderList({ query: query({ data: page([], { total: 41, page: 4 }) }), onPageChange });
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  test('an unpaged list (an array) shows every row and no page buttons', () => {
    renderList({ query: query({ data: DISHES }), onPageChange: vi.fn() });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test('a refetch in progress marks the rows busy', () => {
    const { container } = renderList({ query: query({ isFetching: true }) });
    expect(container.querySelector('[aria-busy="true"]')).toContainElement(screen.getByRole('table'));
  });
});

function SelectableDishes({ onChange }: { onChange: (selected: string[]) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DataList
      query={query()}
      columns={COLUMNS}
      rowKey={(dish) => dish.id}
      card={(dish) => <ListCard title={dish.name} />}
      showTable
      labels={LABELS}
      empty={EMPTY}
      selection={{
        selected,
        onChange: (next) => {
          setSelected(next);
          onChange([...next].sort());
        },
        rowLabel: (dish) => `Select ${dish.name}`,
        allLabel: 'Select all dishes',
      }}
    />
  );
}

describe('DataList selection', () => {
  test('each row has a named checkbox; the header selects and clears every row shown', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<SelectableDishes onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Stamppot' }));
    expect(onChange).toHaveBeenLastCalledWith(['d2']);
    const all = screen.getByRole('checkbox', { name: 'Select all dishes' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(onChange).toHaveBeenLastCalledWith(['d1', 'd2']);
    expect(all).toBeChecked();
    await user.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('checkbox', { name: 'Select Bitterballen' })).not.toBeChecked();
  });
});

describe('ColumnSortSelect', () => {
  test('offers the sortable columns by their sort names, and flips the order', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <ColumnSortSelect columns={COLUMNS} sort="name" order="asc" onChange={onChange} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    const listbox = await screen.findByRole('listbox', { hidden: true, name: 'Sort by' });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Name', 'Price']);
    await user.click(options[1] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith('price', 'asc');
    await user.click(screen.getByRole('button', { name: 'Ascending: sort descending' }));
    expect(onChange).toHaveBeenLastCalledWith('name', 'desc');
  });
});

describe('DataList without a table', () => {
  test('a card list named by the page, its cards drawing their own sheets', () => {
    renderWithProviders(
      <DataList
        query={query()}
        rowKey={(dish) => dish.id}
        card={(dish) => <article aria-label={dish.name}>{dish.name}</article>}
        cards={{ cols: 1, framed: false }}
        showTable={false}
        labels={{ ...LABELS, list: 'Dishes' }}
        empty={EMPTY}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Dishes' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('article', { name: 'Bitterballen' })).toBeInTheDocument();
  });

  test('rows the page draws itself keep the page buttons', async () => {
    const onPageChange = vi.fn();
    const { user } = renderWithProviders(
      <DataList
        query={query({ data: page(DISHES, { total: 45 }) })}
        rowKey={(dish) => dish.id}
        renderRows={(dishes) => <p>{dishes.map((dish) => dish.name).join(', ')}</p>}
        showTable
        onPageChange={onPageChange}
        labels={LABELS}
        empty={EMPTY}
      />,
    );
    expect(screen.getByText('Bitterballen, Stamppot')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dish pages' })).getByRole('button', { name: 'Page 2' }),
    );
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
