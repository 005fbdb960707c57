import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { CHECKLIST_SORTS } from '@brigade/core/schemas/checklists';
import { idField } from '@brigade/core/schemas/fields';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ColumnSortSelect } from '../../../components/data-list/column-sort-select';
import { DataList } from '../../../components/data-list/data-list';
import { useTableLayout } from '../../../components/data-list/use-table-layout';
import { FilterBar, RestaurantFilter } from '../../../components/filter-bar';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useCurrentUser } from '../../../lib/current-user';
import { RestaurantNotice, useRestaurantNotice } from '../../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../../lib/selected-restaurant';
import { useAppRoute } from '../../../lib/use-app-route';
import { type ListSortSpec, useListParams } from '../../../lib/use-list-params';
import { type ChecklistSort, useChecklists } from './api/get-checklists';
import { ChecklistCard, type ListRestaurant, useChecklistColumns } from './checklist-row';

/** From this width (1200 px) the list is a table; below it each checklist is a card. */
const TABLE_QUERY = '(min-width: 75em)';

const CHECKLIST_SORT: ListSortSpec<ChecklistSort> = {
  columns: CHECKLIST_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

/** hq's filter in the address: `?restaurantId=`. */
const FILTER_KEYS = ['restaurantId'] as const;

/**
 * /checklist-templates (issue 33): hq sees every checklist of the chain (or those for one
 * restaurant); a manager the chain's checklists for their selected restaurant, each
 * switched off there or not, and the restaurant's own.
 */
export function ChecklistTemplatesPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  if (me.role !== 'hq' && (notice || !selectedRestaurant)) {
    return (
      <>
        <PageHeader title={t`Checklists`} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }
  const restaurant = me.role === 'hq' ? null : selectedRestaurant;
  return <ChecklistList key={restaurant?.id ?? 'chain'} restaurant={restaurant} />;
}

function ChecklistList({ restaurant }: { restaurant: ListRestaurant }) {
  const { t } = useLingui();
  const isHq = restaurant === null;
  const list = useListParams(CHECKLIST_SORT, FILTER_KEYS);
  const filterRestaurant = list.filters.restaurantId;
  const restaurantId = isHq
    ? filterRestaurant && idField.safeParse(filterRestaurant).success
      ? filterRestaurant
      : null
    : restaurant.id;
  const checklists = useChecklists({ ...list.query, pageSize: DEFAULT_PAGE_SIZE, restaurantId });
  const showTable = useTableLayout(TABLE_QUERY);
  const columns = useChecklistColumns(restaurant);
  const filtered = Boolean(list.query.search || (isHq && restaurantId));
  const newChecklist = (
    <Button component={Link} to="/checklist-templates/add" leftSection={<IconPlus size={18} aria-hidden />}>
      <Trans>New Checklist</Trans>
    </Button>
  );
  const restaurantName = restaurant?.name ?? '';

  return (
    <>
      <PageHeader
        title={t`Checklists`}
        subtitle={
          isHq
            ? t`What the restaurants check, and when, in their own time`
            : t`The chain's checklists for ${restaurantName}, and its own`
        }
        actions={newChecklist}
      />
      <Stack gap="sm">
        <FilterBar activeFilters={isHq && restaurantId ? 1 : 0}>
          <SearchInput
            label={t`Search checklists`}
            placeholder={t`Search by name...`}
            value={list.search}
            onChange={list.setSearch}
          />
          {isHq && (
            <RestaurantFilter value={restaurantId} onChange={(value) => list.setFilters({ restaurantId: value })} />
          )}
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
          query={checklists}
          columns={columns}
          rowKey={(checklist) => checklist.id}
          card={(checklist) => <ChecklistCard checklist={checklist} restaurant={restaurant} />}
          showTable={showTable}
          sortControl={list.sortControl}
          onPageChange={list.setPage}
          cards={{ cols: { base: 1, md: 2 } }}
          labels={{
            loading: t`Loading checklists`,
            loadFailed: t`Failed to load checklists`,
            pages: t`Checklist pages`,
          }}
          empty={
            filtered
              ? { title: t`No checklists found`, icon: <IconChecklist size={28} aria-hidden /> }
              : {
                  title: t`No checklists yet`,
                  description: t`Make a checklist with its items and the times it is due: an opening check, a temperature log, a closing check.`,
                  icon: <IconChecklist size={28} aria-hidden />,
                  action: newChecklist,
                }
          }
        />
      </Stack>
    </>
  );
}
