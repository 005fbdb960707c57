import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { useTableLayout } from '../../components/data-list/use-table-layout';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCoreText } from '../../lib/i18n';
import { exportQuery, useListParams } from '../../lib/use-list-params';
import { useAudits } from './api/get-audits';
import { AUDIT_SORT, auditStatusOf, restaurantIdOf, sortOptions } from './audit-list-params';
import { HqAuditCard, useHqAuditColumns } from './hq-audit-list';

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
  const showTable = useTableLayout(TABLE_QUERY);
  const columns = useHqAuditColumns();
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

        <DataList
          query={audits}
          columns={columns}
          rowKey={(audit) => audit.id}
          card={(audit) => <HqAuditCard audit={audit} />}
          showTable={showTable}
          sortControl={list.sortControl}
          onPageChange={list.setPage}
          labels={{ loading: t`Loading audits`, loadFailed: text(messages.auditsLoadFailed), pages: t`Audit pages` }}
          empty={{
            title: text(messages.noAuditsFound),
            description: filtered ? text(messages.tryDifferentSearch) : t`Get started by creating your first audit`,
            icon: <IconClipboardCheck size={28} aria-hidden />,
          }}
          tableProps={{ horizontalSpacing: 'md' }}
        />
      </Stack>
    </>
  );
}
