import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import { RESTAURANT_SORTS, type Restaurant, type RestaurantSort } from '@brigade/core/schemas/restaurants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ColumnSortSelect } from '../../components/data-list/column-sort-select';
import { DataList } from '../../components/data-list/data-list';
import { useTableLayout } from '../../components/data-list/use-table-layout';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useRestaurants } from './api/get-restaurants';
import { RestaurantFormModal } from './restaurant-form-modal';
import { RestaurantCard, useRestaurantColumns } from './restaurant-list';

const RESTAURANT_SORT: ListSortSpec<RestaurantSort> = {
  columns: RESTAURANT_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

/**
 * Restaurants (hq): core-operations §2 "Restaurants (hq)". The search, sort and page are
 * kept in the address, so Back, a reload or a shared link show the same list.
 */
export function RestaurantsPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const list = useListParams(RESTAURANT_SORT);
  const restaurants = useRestaurants({ ...list.query, pageSize: DEFAULT_PAGE_SIZE });
  const showTable = useTableLayout();

  const [form, setForm] = useState<{ opened: boolean; restaurant: Restaurant | null; key: number }>({
    opened: false,
    restaurant: null,
    key: 0,
  });
  const openForm = (restaurant: Restaurant | null) =>
    setForm((current) => ({ opened: true, restaurant, key: current.key + 1 }));
  const closeForm = () => setForm((current) => ({ ...current, opened: false }));
  const columns = useRestaurantColumns(openForm);

  return (
    <>
      <PageHeader
        title={text('Restaurants')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openForm(null)}>
            <Trans>Add Restaurant</Trans>
          </Button>
        }
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label={t`Search restaurants`}
            placeholder={t`Name, city, email, POS ID...`}
            value={list.search}
            onChange={list.setSearch}
          />
          {!showTable && (
            <ColumnSortSelect
              columns={columns}
              sort={list.query.sort}
              order={list.query.order}
              onChange={list.setSort}
            />
          )}
        </FilterBar>

        <DataList
          query={restaurants}
          columns={columns}
          rowKey={(restaurant) => restaurant.id}
          card={(restaurant) => <RestaurantCard restaurant={restaurant} onEdit={openForm} />}
          showTable={showTable}
          sortControl={list.sortControl}
          onPageChange={list.setPage}
          labels={{
            loading: t`Loading restaurants`,
            loadFailed: t`Failed to load restaurants`,
            pages: t`Restaurant pages`,
          }}
          empty={{
            title: text(messages.noRestaurantsFound),
            description: list.query.search
              ? t`Try a different search term`
              : t`Add your first restaurant to get started`,
            icon: <IconBuildingStore size={28} aria-hidden />,
          }}
        />
      </Stack>

      <RestaurantFormModal opened={form.opened} onClose={closeForm} restaurant={form.restaurant} formKey={form.key} />
    </>
  );
}
