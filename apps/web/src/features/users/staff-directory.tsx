import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { StaffMember, StaffSort } from '@brigade/core/schemas/users';
import type { StaffCaller } from '@brigade/core/staff-changes';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCoreText } from '../../lib/i18n';
import { exportQuery } from '../../lib/use-list-params';
import { useStaff } from './api/get-staff';
import { StaffForm, type StaffFormScope } from './staff-form';
import { type StaffActionFailure, StaffCards, StaffTable } from './staff-list';
import { STAFF_SORT_LABELS, type StaffListView } from './staff-list-params';

/** From this width (1200 px) the list is a table; below it each person is a card. */
const TABLE_QUERY = '(min-width: 75em)';

/** A route title of core's: shown through `useCoreText`. */
export const STAFF_PAGE_TITLE = 'Staff Management';

interface StaffDirectoryProps {
  /** Search, sort and page, kept in the address by the view. */
  list: StaffListView;
  /** The columns this view sorts by (a manager's list is all staff: no role to sort by). */
  sortColumns: readonly StaffSort[];
  subtitle?: ReactNode;
  /** hq: the optional filter; a manager: the selected restaurant. */
  restaurantId?: string;
  /** Controls beside the search box (hq's restaurant filter). */
  filters?: ReactNode;
  searchPlaceholder: string;
  showRestaurants: boolean;
  formScope: StaffFormScope;
  /** The signed-in person, for what the list offers and the form lets them change. */
  caller: StaffCaller;
}

type FormState = { kind: 'closed' } | { kind: 'add'; key: number } | { kind: 'edit'; person: StaffMember; key: number };

/**
 * The list both views share: header with Export CSV and Add Staff, search and sort, the
 * inline form, the rows with their toggle, edit and delete, banners for failures, pagination.
 */
export function StaffDirectory({
  list,
  sortColumns,
  subtitle,
  restaurantId,
  filters,
  searchPlaceholder,
  showRestaurants,
  formScope,
  caller,
}: StaffDirectoryProps) {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const staff = useStaff({ ...list.query, pageSize: DEFAULT_PAGE_SIZE, restaurantId });
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  const [failure, setFailure] = useState<StaffActionFailure | null>(null);

  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  const nextKey = () => (form.kind === 'closed' ? 0 : form.key) + 1;
  const closeForm = () => setForm({ kind: 'closed' });

  /** What the table and the cards both draw: the page's people, with their actions. */
  const rowHandlers = {
    showRestaurants,
    caller,
    onEdit: (person: StaffMember) => {
      setFailure(null);
      setForm({ kind: 'edit', person, key: nextKey() });
    },
    onDeleted: (person: StaffMember) =>
      setForm((current) => (current.kind === 'edit' && current.person.id === person.id ? { kind: 'closed' } : current)),
    onFailure: setFailure,
  };

  // Deleting the last person of the last page: go back to the page that still exists.
  const data = staff.data;
  const { setPage } = list;
  useEffect(() => {
    if (!data || data.items.length > 0 || data.page <= 1) return;
    setPage(Math.max(1, Math.ceil(data.total / data.pageSize)));
  }, [data, setPage]);

  return (
    <>
      <PageHeader
        title={text(STAFF_PAGE_TITLE)}
        subtitle={subtitle}
        actions={
          <>
            {/* Every person of the list as filtered and sorted now, not just this page. */}
            <ExportCsvButton href={`/api/users/export.csv?${exportQuery({ ...list.query, restaurantId })}`} />
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setForm({ kind: 'add', key: nextKey() })}
            >
              <Trans>Add Staff</Trans>
            </Button>
          </>
        }
      />
      <Stack>
        {form.kind !== 'closed' && (
          <StaffForm
            key={form.key}
            person={form.kind === 'edit' ? form.person : null}
            scope={formScope}
            caller={caller}
            onClose={closeForm}
          />
        )}

        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title={failure.title}
            withCloseButton
            closeButtonLabel={t`Dismiss`}
            onClose={() => setFailure(null)}
          >
            {failure.detail}
          </Alert>
        )}

        <FilterBar>
          <SearchInput
            label={t`Search staff`}
            placeholder={searchPlaceholder}
            value={list.search}
            onChange={list.setSearch}
          />
          {filters}
          {/* Also beside the table: the Name and email column sorts by name, and email is sorted from here. */}
          <SortSelect
            options={sortColumns.map((column) => ({ value: column, label: i18n._(STAFF_SORT_LABELS[column]) }))}
            sort={list.query.sort}
            order={list.query.order}
            onChange={list.setSort}
          />
        </FilterBar>

        {staff.isPending ? (
          <ListSkeleton />
        ) : staff.isError && !data ? (
          <LoadError
            message={text(messages.staffLoadFailed)}
            onRetry={() => void staff.refetch()}
            retrying={staff.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={text(messages.noStaffFound)}
            description={list.query.search ? t`Try a different search term` : t`Add Staff to get started`}
            icon={<IconUsers size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={staff.isFetching || undefined}>
            {showTable ? (
              <StaffTable
                people={data.items}
                {...rowHandlers}
                sortControl={list.sortControl}
                sortColumns={sortColumns}
              />
            ) : (
              <StaffCards people={data.items} {...rowHandlers} />
            )}
            <ListPagination
              label={t`Staff pages`}
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

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t`Loading staff`}>
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} wrap="nowrap">
            <Skeleton height={36} style={{ flex: 2 }} />
            <Skeleton height={36} style={{ flex: 2 }} />
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} width={110} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
