import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { Restaurant } from '@brigade/core/schemas/restaurants';
import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useRestaurants } from './api/get-restaurants';
import { RestaurantFormModal } from './restaurant-form-modal';
import { RestaurantCards, RestaurantTable } from './restaurant-list';

const SEARCH_DELAY_MS = 300;

/** From this width (1280 px) the list is a table; below it each restaurant is a card. */
const TABLE_QUERY = '(min-width: 80em)';

/** Restaurants (hq): core-operations §2 "Restaurants (hq)". */
export function RestaurantsPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // A page number belongs to one search: a new search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === debouncedSearch ? paging.page : 1;
  const restaurants = useRestaurants({ search: debouncedSearch, page, pageSize: DEFAULT_PAGE_SIZE });
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
  useEffect(() => {
    if (!data || data.items.length > 0 || data.page <= 1) return;
    setPaging({ search: debouncedSearch, page: Math.max(1, Math.ceil(data.total / data.pageSize)) });
  }, [data, debouncedSearch]);

  return (
    <>
      <PageHeader
        title="Restaurants"
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openForm(null)}>
            Add Restaurant
          </Button>
        }
      />
      <Stack>
        <Group align="flex-end">
          <SearchInput
            label="Search restaurants"
            placeholder="Name, city, email, POS ID..."
            value={search}
            onChange={setSearch}
          />
        </Group>

        {restaurants.isPending ? (
          <ListSkeleton />
        ) : restaurants.isError && !data ? (
          <LoadError
            message="Failed to load restaurants"
            onRetry={() => void restaurants.refetch()}
            retrying={restaurants.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={messages.noRestaurantsFound}
            description={debouncedSearch ? 'Try a different search term' : 'Add your first restaurant to get started'}
            icon={<IconBuildingStore size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={restaurants.isFetching || undefined}>
            {showTable ? (
              <RestaurantTable restaurants={data.items} onEdit={openForm} />
            ) : (
              <RestaurantCards restaurants={data.items} onEdit={openForm} />
            )}
            <ListPagination
              label="Restaurant pages"
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              onChange={(next) => setPaging({ search: debouncedSearch, page: next })}
            />
          </div>
        ) : null}
      </Stack>

      <RestaurantFormModal opened={form.opened} onClose={closeForm} restaurant={form.restaurant} formKey={form.key} />
    </>
  );
}

function ListSkeleton() {
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label="Loading restaurants">
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
