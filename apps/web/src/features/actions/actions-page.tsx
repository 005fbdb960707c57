import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { actionMessages, messages } from '@brigade/core/messages';
import { AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import type { ActionStatus } from '@brigade/core/schemas/corrective-actions';
import { Select, Stack } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { EmptyList } from '../../components/empty-list';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { apiRequest } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { ActionCards, ActionListSkeleton, ActionTable } from './action-list';
import { useActions } from './api/get-actions';

const TABLE_QUERY = '(min-width: 75em)';
const PAGE_TITLE = 'Corrective Actions';

const STATUS_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];
const DUE_CHOICES = [
  { value: 'all', label: 'Any due date' },
  { value: 'true', label: 'Overdue' },
  { value: 'false', label: 'Not overdue' },
];

/**
 * /actions: hq sees every restaurant's actions (or one), managers their selected
 * restaurant's. Filters, search and page live in the address (`?status=open&overdue=true`),
 * so a dashboard card can link to a filtered list and Back returns to it.
 */
export function ActionsPage() {
  const me = useCurrentUser();
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  if (me.role !== 'hq' && (notice || !selectedRestaurant)) {
    return (
      <>
        <PageHeader title={PAGE_TITLE} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }
  return (
    <ActionList
      key={selectedRestaurant?.id ?? 'hq'}
      fixedRestaurantId={me.role === 'hq' ? null : (selectedRestaurant?.id ?? null)}
    />
  );
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
  const me = useCurrentUser();
  const isHq = me.role === 'hq';
  const [params, setParams] = useSearchParams();
  // Open actions are what the screen is for: the default; "All" is `status=all` in the address.
  const statusParam = params.get('status') ?? 'open';
  const status = statusParam === 'all' ? null : (statusParam as ActionStatus);
  const overdue = params.get('overdue');
  const templateName = params.get('template');
  const restaurantId = isHq ? params.get('restaurantId') : fixedRestaurantId;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const navigation = useNavigation();

  /** Changes some parameters of the address; any change but the page starts at page 1. */
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (value === 'all' && key !== 'status')) next.delete(key);
          else if (key === 'status' && value === 'open') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // Only a settled search writes to the address, and never while another page loads: a
  // person who types and at once taps an action would otherwise be sent back to the list
  // (this page stays drawn while the next page's code downloads).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settled search is what counts
  useEffect(() => {
    if (navigation.state !== 'idle') return;
    if ((params.get('search') ?? '') !== debouncedSearch) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const actions = useActions({
    search: debouncedSearch,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    restaurantId: restaurantId ?? undefined,
    status: status ?? undefined,
    overdue: overdue === null ? undefined : overdue === 'true',
    templateName: templateName ?? undefined,
  });
  const templates = useTemplateNames(isHq);
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  const data = actions.data;
  const filtered = Boolean(debouncedSearch || status !== 'open' || overdue || templateName || (isHq && restaurantId));

  return (
    <>
      <PageHeader
        title={PAGE_TITLE}
        subtitle={
          isHq ? 'Follow-up of every finding, open and most overdue first' : 'Findings of your restaurant to follow up'
        }
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label="Search actions"
            placeholder="Item, comment, restaurant or template"
            value={search}
            onChange={setSearch}
          />
          {isHq && <RestaurantFilter value={restaurantId} onChange={(value) => update({ restaurantId: value })} />}
          <Select
            label="Status"
            data={STATUS_CHOICES}
            value={status ?? 'all'}
            onChange={(value) => update({ status: value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
          />
          <Select
            label="Due"
            data={DUE_CHOICES}
            value={overdue ?? 'all'}
            onChange={(value) => update({ overdue: value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          {isHq && (
            <Select
              label="Template"
              placeholder="All templates"
              data={[...new Set((templates.data ?? []).map((template) => template.name))]}
              value={templateName}
              onChange={(value) => update({ template: value })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear template filter' }}
              searchable
              w={{ base: '100%', xs: 200 }}
            />
          )}
        </FilterBar>

        {actions.isPending ? (
          <ActionListSkeleton />
        ) : actions.isError && !data ? (
          <LoadError
            message={actionMessages.loadFailed}
            onRetry={() => void actions.refetch()}
            retrying={actions.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={actionMessages.noneFound}
            description={filtered ? messages.tryDifferentSearch : actionMessages.noneHint}
            icon={<IconChecklist size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={actions.isFetching || undefined}>
            {showTable ? (
              <ActionTable actions={data.items} showRestaurant={isHq} />
            ) : (
              <ActionCards actions={data.items} showRestaurant={isHq} />
            )}
            <ListPagination
              label="Action pages"
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              onChange={(next) => update({ page: String(next) })}
            />
          </div>
        ) : null}
      </Stack>
    </>
  );
}
