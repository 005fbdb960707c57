import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import { RESTAURANT_SORTS, type Restaurant, type RestaurantSort } from '@brigade/core/schemas/restaurants';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { FilterBar } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useRestaurants } from './api/get-restaurants';
import { RestaurantFormModal } from './restaurant-form-modal';
import { RestaurantCards, RestaurantTable } from './restaurant-list';

const RESTAURANT_SORT: ListSortSpec<RestaurantSort> = {
  columns: RESTAURANT_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

/** The cards' "Sort by" choices: the table's sortable headers. */
const SORT_OPTIONS: readonly { value: RestaurantSort; label: MessageDescriptor }[] = [
  { value: 'name', label: msg`Name` },
  { value: 'email', label: msg`Email` },
  { value: 'status', label: msg`Status` },
];

/** From this width (1280 px) the list is a table; below it each restaurant is a card. */
const TABLE_QUERY = '(min-width: 80em)';

/**
 * Restaurants (hq): core-operations §2 "Restaurants (hq)". The search, sort and page are
 * kept in the address, so Back, a reload or a shared link show the same list.
 */
export function RestaurantsPage() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const list = useListParams(RESTAURANT_SORT);
  const restaurants = useRestaurants({ ...list.query, pageSize: DEFAULT_PAGE_SIZE });
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });

  const [form, setForm] = useState<{ opened: boolean; restaurant: Restaurant | null; key: number }>({
    opened: false,
    restaurant: null,
    key: 0,
  });
  const openForm = (restaurant: Restaurant | null) =>
    setForm((current) => ({ opened: true, restaurant, key: current.key + 1 }));
  const closeForm = () => setForm((current) => ({ ...current, opened: false }));

  // Deleting the last restaurant of the last page: go back to the page that still exists.
  const data = restaurants.data;
  const { setPage } = list;
  useEffect(() => {
    if (!data || data.items.length > 0 || data.page <= 1) return;
    setPage(Math.max(1, Math.ceil(data.total / data.pageSize)));
  }, [data, setPage]);

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
            <SortSelect
              options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
              sort={list.query.sort}
              order={list.query.order}
              onChange={list.setSort}
            />
          )}
        </FilterBar>

        {restaurants.isPending ? (
          <ListSkeleton />
        ) : restaurants.isError && !data ? (
          <LoadError
            message={t`Failed to load restaurants`}
            onRetry={() => void restaurants.refetch()}
            retrying={restaurants.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={text(messages.noRestaurantsFound)}
            description={
              list.query.search ? t`Try a different search term` : t`Add your first restaurant to get started`
            }
            icon={<IconBuildingStore size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={restaurants.isFetching || undefined}>
            {showTable ? (
              <RestaurantTable restaurants={data.items} onEdit={openForm} sortControl={list.sortControl} />
            ) : (
              <RestaurantCards restaurants={data.items} onEdit={openForm} />
            )}
            <ListPagination
              label={t`Restaurant pages`}
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              onChange={list.setPage}
            />
          </div>
        ) : null}
      </Stack>

      <RestaurantFormModal opened={form.opened} onClose={closeForm} restaurant={form.restaurant} formKey={form.key} />
    </>
  );
}

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t`Loading restaurants`}>
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} wrap="nowrap">
            <Skeleton height={36} style={{ flex: 2 }} />
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} width={110} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
