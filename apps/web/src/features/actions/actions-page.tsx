import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { actionMessages, messages } from '@brigade/core/messages';
import { AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import {
  ACTION_SORTS,
  ACTION_STATUSES,
  type ActionSort,
  type ActionStatus,
} from '@brigade/core/schemas/corrective-actions';
import { idField } from '@brigade/core/schemas/fields';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Select, Stack } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { DataList } from '../../components/data-list/data-list';
import { useTableLayout } from '../../components/data-list/use-table-layout';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { apiRequest } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { exportQuery, type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { ActionCard, useActionColumns } from './action-list';
import { useActions } from './api/get-actions';

const TABLE_QUERY = '(min-width: 75em)';
const PAGE_TITLE = msg`Corrective Actions`;

const STATUS_CHOICES = [
  { value: 'all', label: msg`All` },
  { value: 'open', label: msg({ message: 'Open', context: 'corrective actions' }) },
  { value: 'resolved', label: msg({ message: 'Resolved', context: 'corrective actions' }) },
];
const DUE_CHOICES = [
  { value: 'all', label: msg`Any due date` },
  { value: 'true', label: msg`Overdue` },
  { value: 'false', label: msg`Not overdue` },
];

/** Open first, then the earliest due (decision 019): the order without a choice. */
const ACTION_SORT: ListSortSpec<ActionSort> = {
  columns: ACTION_SORTS,
  defaultSort: 'status',
  defaultOrder: 'asc',
  descendingFirst: ['createdAt'],
};

const SORT_OPTIONS: readonly { value: ActionSort; label: MessageDescriptor }[] = [
  { value: 'status', label: msg`Status` },
  { value: 'dueOn', label: msg`Due` },
  { value: 'item', label: msg`Finding` },
  { value: 'restaurant', label: msg`Restaurant` },
  { value: 'template', label: msg`Template` },
  { value: 'createdAt', label: msg({ message: 'Created', context: 'sort by' }) },
];

/**
 * The address's parameters, named as dashboard cards and shared links have always written
 * them: `status` (absent: open; `all`: every status), `overdue` (`true` or `false`),
 * `template` (its name) and, for hq, `restaurantId`.
 */
const FILTER_KEYS = ['status', 'overdue', 'template', 'restaurantId'] as const;

/**
 * /actions: hq sees every restaurant's actions (or one), managers their selected
 * restaurant's. Filters, search, sort and page live in the address
 * (`?status=all&overdue=true&sort=dueOn`), so a dashboard card or a shared link opens the
 * list filtered, and Back returns to it.
 */
export function ActionsPage() {
  const { i18n } = useLingui();
  const me = useCurrentUser();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  if (me.role !== 'hq' && (notice || !selectedRestaurant)) {
    return (
      <>
        <PageHeader title={i18n._(PAGE_TITLE)} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }
  return <ActionList fixedRestaurantId={me.role === 'hq' ? null : (selectedRestaurant?.id ?? null)} />;
}

function useTemplateNames(enabled: boolean) {
  return useQuery({
    queryKey: ['audit-templates', 'options'],
    queryFn: async ({ signal }) =>
      z.array(AuditTemplateSummary).parse(await apiRequest('/api/audit-templates', { signal })),
    enabled,
  });
}

function ActionList({ fixedRestaurantId }: { fixedRestaurantId: string | null }) {
  const { i18n, t } = useLingui();
  const { text } = useCoreText();
  const choices = (options: readonly { value: string; label: MessageDescriptor }[]) =>
    options.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  const me = useCurrentUser();
  const isHq = me.role === 'hq';
  const list = useListParams(ACTION_SORT, FILTER_KEYS);
  // Open actions are what the screen is for: the default; "All" is `status=all` in the address.
  const statusParam = list.filters.status ?? 'open';
  const status: ActionStatus | null = ACTION_STATUSES.find((value) => value === statusParam) ?? null;
  const overdue = list.filters.overdue === 'true' || list.filters.overdue === 'false' ? list.filters.overdue : null;
  const templateName = list.filters.template || null;
  const addressRestaurant = list.filters.restaurantId;
  const restaurantId = isHq
    ? addressRestaurant && idField.safeParse(addressRestaurant).success
      ? addressRestaurant
      : null
    : fixedRestaurantId;
  useFirstPageOnNewRestaurant(fixedRestaurantId, list.setPage);

  const filters = {
    restaurantId: restaurantId ?? undefined,
    status: status ?? undefined,
    overdue: overdue === null ? undefined : overdue === 'true',
    templateName: templateName ?? undefined,
  };
  const actions = useActions({ ...list.query, pageSize: DEFAULT_PAGE_SIZE, ...filters });
  const templates = useTemplateNames(isHq);
  const showTable = useTableLayout(TABLE_QUERY);
  const columns = useActionColumns(isHq);
  const activeFilters = [status !== 'open', overdue, templateName, isHq && restaurantId].filter(Boolean).length;
  const filtered = Boolean(list.query.search || activeFilters);
  const exportHref = `/api/actions/export.csv?${exportQuery({ ...list.query, ...filters, overdue: overdue ?? undefined })}`;

  return (
    <>
      <PageHeader
        title={i18n._(PAGE_TITLE)}
        subtitle={
          isHq
            ? t`Follow-up of every finding, open and most overdue first`
            : t`Findings of your restaurant to follow up`
        }
        actions={<ExportCsvButton href={exportHref} />}
      />
      <Stack>
        <FilterBar activeFilters={activeFilters}>
          <SearchInput
            label={t`Search actions`}
            placeholder={t`Item, comment, restaurant or template`}
            value={list.search}
            onChange={list.setSearch}
          />
          {isHq && (
            <RestaurantFilter value={restaurantId} onChange={(value) => list.setFilters({ restaurantId: value })} />
          )}
          <Select
            label={t`Status`}
            data={choices(STATUS_CHOICES)}
            value={status ?? 'all'}
            // Open is the default and stays out of the address; All is written as `status=all`.
            onChange={(value) => list.setFilters({ status: value === 'open' ? null : value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
          />
          <Select
            label={t`Due`}
            data={choices(DUE_CHOICES)}
            value={overdue ?? 'all'}
            onChange={(value) => list.setFilters({ overdue: value === 'all' ? null : value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          {isHq && (
            <Select
              label={t`Template`}
              placeholder={t`All templates`}
              data={[...new Set((templates.data ?? []).map((template) => template.name))]}
              value={templateName}
              onChange={(value) => list.setFilters({ template: value })}
              clearable
              clearButtonProps={{ 'aria-label': t`Clear template filter` }}
              searchable
              w={{ base: '100%', xs: 200 }}
            />
          )}
          {!showTable && (
            <SortSelect
              options={SORT_OPTIONS.filter((option) => isHq || option.value !== 'restaurant').map((option) => ({
                value: option.value,
                label: i18n._(option.label),
              }))}
              sort={list.query.sort}
              order={list.query.order}
              onChange={list.setSort}
            />
          )}
        </FilterBar>

        <DataList
          query={actions}
          columns={columns}
          rowKey={(action) => action.id}
          card={(action) => <ActionCard action={action} showRestaurant={isHq} />}
          showTable={showTable}
          sortControl={list.sortControl}
          onPageChange={list.setPage}
          tableProps={{ horizontalSpacing: 'md' }}
          labels={{
            loading: t`Loading corrective actions`,
            loadFailed: text(actionMessages.loadFailed),
            pages: t`Action pages`,
          }}
          empty={{
            title: text(actionMessages.noneFound),
            description: text(filtered ? messages.tryDifferentSearch : actionMessages.noneHint),
            icon: <IconChecklist size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}

/** A manager who selects another restaurant sees another list: it starts at its first page. */
function useFirstPageOnNewRestaurant(restaurantId: string | null, setPage: (page: number) => void) {
  const shown = useRef(restaurantId);
  useEffect(() => {
    if (shown.current === restaurantId) return;
    shown.current = restaurantId;
    setPage(1);
  }, [restaurantId, setPage]);
}
