import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { AuditStatus } from '@brigade/core/schemas/audits';
import { Button, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useClampPage, usePagedList } from '../../lib/use-paged-list';
import { useAudits } from './api/get-audits';
import { AuditListSkeleton, HqAuditCards, HqAuditTable } from './hq-audit-list';

/** From this width (1200 px) the list is a table; below it each audit is a card. */
const TABLE_QUERY = '(min-width: 75em)';

const STATUS_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: messages.draft },
  { value: 'completed', label: 'Completed' },
];

/** hq's audit list (core-operations §2 "HQ audit list"): every audit, filtered and searched. */
export function HqAuditsView() {
  const [restaurantId, setRestaurantId] = useState<string | null>(null);
  const [status, setStatus] = useState<'all' | AuditStatus>('all');
  const list = usePagedList(`${restaurantId ?? ''}|${status}`);
  const audits = useAudits({
    search: list.debouncedSearch,
    page: list.page,
    pageSize: DEFAULT_PAGE_SIZE,
    restaurantId: restaurantId ?? undefined,
    status: status === 'all' ? undefined : status,
  });
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  const data = audits.data;
  useClampPage(data, list.setPage);
  const filtered = Boolean(list.debouncedSearch || restaurantId || status !== 'all');

  return (
    <>
      <PageHeader
        title="Audits"
        subtitle="Every audit of every restaurant, newest first"
        actions={
          <Button component={Link} to="/audits/create" leftSection={<IconPlus size={18} aria-hidden />}>
            New Audit
          </Button>
        }
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label="Search audits"
            placeholder="Restaurant, template or auditor"
            value={list.search}
            onChange={list.setSearch}
          />
          <RestaurantFilter value={restaurantId} onChange={setRestaurantId} />
          <Select
            label="Status"
            data={STATUS_CHOICES}
            value={status}
            onChange={(value) => setStatus((value as 'all' | AuditStatus | null) ?? 'all')}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        </FilterBar>

        {audits.isPending ? (
          <AuditListSkeleton />
        ) : audits.isError && !data ? (
          <LoadError
            message={messages.auditsLoadFailed}
            onRetry={() => void audits.refetch()}
            retrying={audits.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={messages.noAuditsFound}
            description={filtered ? messages.tryDifferentSearch : 'Get started by creating your first audit'}
            icon={<IconClipboardCheck size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={audits.isFetching || undefined}>
            {showTable ? <HqAuditTable audits={data.items} /> : <HqAuditCards audits={data.items} />}
            <ListPagination
              label="Audit pages"
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              onChange={list.setPage}
            />
          </div>
        ) : null}
      </Stack>
    </>
  );
}
