import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { StaffMember } from '@brigade/core/schemas/users';
import type { StaffCaller } from '@brigade/core/staff-changes';
import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyList } from '../../components/empty-list';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { useStaff } from './api/get-staff';
import { StaffForm, type StaffFormScope } from './staff-form';
import { type StaffActionFailure, StaffCards, StaffTable } from './staff-list';

const SEARCH_DELAY_MS = 300;

/** From this width (1200 px) the list is a table; below it each person is a card. */
const TABLE_QUERY = '(min-width: 75em)';

export const STAFF_PAGE_TITLE = 'Staff Management';

interface StaffDirectoryProps {
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
 * The list both views share: header with Add Staff, search, the inline form, the rows
 * with their toggle, edit and delete, banners for failures, pagination.
 */
export function StaffDirectory({
  subtitle,
  restaurantId,
  filters,
  searchPlaceholder,
  showRestaurants,
  formScope,
  caller,
}: StaffDirectoryProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // A page number belongs to one search and filter: a new one starts at page 1.
  const listKey = `${restaurantId ?? ''}|${debouncedSearch}`;
  const [paging, setPaging] = useState({ listKey: '', page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;
  const staff = useStaff({ search: debouncedSearch, page, pageSize: DEFAULT_PAGE_SIZE, restaurantId });
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  const StaffList = showTable ? StaffTable : StaffCards;
  const [failure, setFailure] = useState<StaffActionFailure | null>(null);

  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  const nextKey = () => (form.kind === 'closed' ? 0 : form.key) + 1;
  const closeForm = () => setForm({ kind: 'closed' });

  // Deleting the last person of the last page: go back to the page that still exists.
  const data = staff.data;
  useEffect(() => {
    if (!data || data.items.length > 0 || data.page <= 1) return;
    setPaging({ listKey, page: Math.max(1, Math.ceil(data.total / data.pageSize)) });
  }, [data, listKey]);

  return (
    <>
      <PageHeader
        title={STAFF_PAGE_TITLE}
        subtitle={subtitle}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setForm({ kind: 'add', key: nextKey() })}
          >
            Add Staff
          </Button>
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
            closeButtonLabel="Dismiss"
            onClose={() => setFailure(null)}
          >
            {failure.detail}
          </Alert>
        )}

        <Group align="flex-end">
          <SearchInput label="Search staff" placeholder={searchPlaceholder} value={search} onChange={setSearch} />
          {filters}
        </Group>

        {staff.isPending ? (
          <ListSkeleton />
        ) : staff.isError && !data ? (
          <LoadError
            message={messages.staffLoadFailed}
            onRetry={() => void staff.refetch()}
            retrying={staff.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={messages.noStaffFound}
            description={debouncedSearch ? 'Try a different search term' : 'Add Staff to get started'}
            icon={<IconUsers size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={staff.isFetching || undefined}>
            <StaffList
              people={data.items}
              showRestaurants={showRestaurants}
              caller={caller}
              onEdit={(person) => {
                setFailure(null);
                setForm({ kind: 'edit', person, key: nextKey() });
              }}
              onDeleted={(person) =>
                setForm((current) =>
                  current.kind === 'edit' && current.person.id === person.id ? { kind: 'closed' } : current,
                )
              }
              onFailure={setFailure}
            />
            <ListPagination
              label="Staff pages"
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              onChange={(next) => setPaging({ listKey, page: next })}
            />
          </div>
        ) : null}
      </Stack>
    </>
  );
}

function ListSkeleton() {
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label="Loading staff">
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
