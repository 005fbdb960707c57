import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { StaffMember, StaffSort } from '@brigade/core/schemas/users';
import type { StaffCaller } from '@brigade/core/staff-changes';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DataList } from '../../components/data-list/data-list';
import { useTableLayout } from '../../components/data-list/use-table-layout';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCoreText } from '../../lib/i18n';
import { exportQuery } from '../../lib/use-list-params';
import { useStaff } from './api/get-staff';
import { StaffForm, type StaffFormScope } from './staff-form';
import { type StaffActionFailure, StaffCard, useStaffColumns } from './staff-list';
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
  const showTable = useTableLayout(TABLE_QUERY);
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

  const columns = useStaffColumns({ ...rowHandlers, sortColumns });

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

        <DataList
          query={staff}
          columns={columns}
          rowKey={(person) => person.id}
          card={(person) => <StaffCard person={person} {...rowHandlers} />}
          showTable={showTable}
          sortControl={list.sortControl}
          onPageChange={list.setPage}
          labels={{ loading: t`Loading staff`, loadFailed: text(messages.staffLoadFailed), pages: t`Staff pages` }}
          empty={{
            title: text(messages.noStaffFound),
            description: list.query.search ? t`Try a different search term` : t`Add Staff to get started`,
            icon: <IconUsers size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}
