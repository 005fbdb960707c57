import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCoreText } from '../../lib/i18n';
import { exportQuery, useListParams } from '../../lib/use-list-params';
import { useClampPage } from '../../lib/use-paged-list';
import { useAudits } from './api/get-audits';
import { AUDIT_SORT, auditStatusOf, restaurantIdOf, sortOptions } from './audit-list-params';
import { AuditListSkeleton, HqAuditCards, HqAuditTable } from './hq-audit-list';

/** From this width (1200 px) the list is a table; below it each audit is a card. */
const TABLE_QUERY = '(min-width: 75em)';

const ALL_STATUSES = msg`All`;
const COMPLETED = msg`Completed`;

const FILTER_KEYS = ['restaurantId', 'status'] as const;
const SORT_COLUMNS = ['auditedAt', 'restaurant', 'auditor', 'template', 'score'] as const;

/**
 * hq's audit list (core-operations §2 "HQ audit list"): every audit, filtered, searched
 * and sorted, all of it kept in the address (`?status=draft&sort=score&order=asc&page=2`).
 */
export function HqAuditsView() {
  const { i18n, t } = useLingui();
  const { text } = useCoreText();
  const statusChoices = [
    { value: 'all', label: i18n._(ALL_STATUSES) },
    { value: 'draft', label: text(messages.draft) },
    { value: 'completed', label: i18n._(COMPLETED) },
  ];
  const list = useListParams(AUDIT_SORT, FILTER_KEYS);
  const restaurantId = restaurantIdOf(list.filters.restaurantId);
  const status = auditStatusOf(list.filters.status);
  const filters = { restaurantId: restaurantId ?? undefined, status: status ?? undefined };
  const audits = useAudits({ ...list.query, pageSize: DEFAULT_PAGE_SIZE, ...filters });
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  const data = audits.data;
  useClampPage(data, list.setPage);
  const filtered = Boolean(list.query.search || restaurantId || status);
  const exportHref = `/api/audits/export.csv?${exportQuery({ ...list.query, ...filters })}`;

  return (
    <>
      <PageHeader
        title={t`Audits`}
        subtitle={t`Every audit of every restaurant, newest first`}
        actions={
          <Group gap="sm">
            <ExportCsvButton href={exportHref} />
            <Button component={Link} to="/audits/create" leftSection={<IconPlus size={18} aria-hidden />}>
              <Trans>New Audit</Trans>
            </Button>
          </Group>
        }
      />
      <Stack>
        <FilterBar activeFilters={[restaurantId, status].filter(Boolean).length}>
          <SearchInput
            label={t`Search audits`}
            placeholder={t`Restaurant, template or auditor`}
            value={list.search}
            onChange={list.setSearch}
          />
          <RestaurantFilter value={restaurantId} onChange={(value) => list.setFilters({ restaurantId: value })} />
          <Select
            label={t`Status`}
            data={statusChoices}
            value={status ?? 'all'}
            onChange={(value) => list.setFilters({ status: value === 'all' ? null : value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          {!showTable && (
            <SortSelect
              options={sortOptions(i18n, SORT_COLUMNS)}
              sort={list.query.sort}
              order={list.query.order}
              onChange={list.setSort}
            />
          )}
        </FilterBar>

        {audits.isPending ? (
          <AuditListSkeleton />
        ) : audits.isError && !data ? (
          <LoadError
            message={text(messages.auditsLoadFailed)}
            onRetry={() => void audits.refetch()}
            retrying={audits.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={text(messages.noAuditsFound)}
            description={filtered ? text(messages.tryDifferentSearch) : t`Get started by creating your first audit`}
            icon={<IconClipboardCheck size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={audits.isFetching || undefined}>
            {showTable ? (
              <HqAuditTable audits={data.items} sortControl={list.sortControl} />
            ) : (
              <HqAuditCards audits={data.items} />
            )}
            <ListPagination
              label={t`Audit pages`}
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
