import { messages } from '@brigade/core/messages';
import type { StoreVisit } from '@brigade/core/schemas/store-performance';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { SortableTh } from '../../components/sortable-th';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import type { ListSortSpec } from '../../lib/use-list-params';
import { useStoreVisits } from './api/get-store-visits';
import { PerformanceSection } from './performance-section';
import { ScrollTable } from './scroll-table';
import { sortRows, useTableSort } from './use-table-sort';
import { NoteCategoryBadge, VisitStatusBadge } from './visit-badges';

const COLUMNS = 5;

type VisitColumn = 'visit' | 'date' | 'person' | 'status' | 'notes';
const VISIT_SORTING: ListSortSpec<VisitColumn> = {
  columns: ['visit', 'date', 'person', 'status', 'notes'],
  defaultSort: 'date',
  defaultOrder: 'desc',
  descendingFirst: ['date', 'notes'],
};
const VISIT_VALUES = {
  visit: (visit: StoreVisit) => visit.event,
  // Visits without a date, or a person, come last.
  date: (visit: StoreVisit) => (visit.date ? Date.parse(visit.date) : null),
  person: (visit: StoreVisit) => visit.person,
  status: (visit: StoreVisit) => visit.status,
  notes: (visit: StoreVisit) => visit.notes.length,
};

/**
 * The restaurant's visits from the monday.com board (reports §2 "Store Performance"). A
 * failing board empties this list and says so, with a Retry that also refills the board
 * charts (they read the same answer); the rest of the page carries on.
 */
export function StoreVisitsSection({ restaurantId }: { restaurantId: string }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const visits = useStoreVisits(restaurantId);
  const sourceId = useId();
  const data = visits.data;
  const host = data?.host;
  const source = data?.configured ? (
    <Text id={sourceId} size="sm" c="gray.7">
      <Trans>Data from {host}</Trans>
    </Text>
  ) : null;
  const missing = data?.missing.join(', ') ?? '';

  return (
    <PerformanceSection title={t`Recent Store Visits`} aside={source} busy={visits.isFetching}>
      {visits.isPending ? (
        <Stack gap="xs" role="status" aria-label={t`Loading store visits`} aria-busy="true">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : visits.isError ? (
        <Stack gap="md">
          <LoadError
            message={text(messages.storeVisitsFailed)}
            onRetry={() => void visits.refetch()}
            retrying={visits.isFetching}
          />
          <VisitsTable visits={[]} describedBy={undefined} />
        </Stack>
      ) : !data?.configured ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          {text(messages.storeVisitsNotConfigured)}
          {data && data.missing.length > 0 ? t`. Missing settings: ${missing}.` : '.'}
        </Alert>
      ) : (
        <VisitsTable visits={data.visits} describedBy={sourceId} />
      )}
    </PerformanceSection>
  );
}

/** The visits, newest first unless sorted otherwise (on the page: they are one restaurant's). */
function VisitsTable({ visits, describedBy }: { visits: readonly StoreVisit[]; describedBy: string | undefined }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const table = useTableSort('visits', VISIT_SORTING);
  const rows = sortRows(visits, VISIT_VALUES, table.sort, table.order);
  return (
    <ScrollTable label={t`Recent Store Visits`} minWidth={640} describedBy={describedBy}>
      <Table.Thead>
        <Table.Tr>
          <SortableTh {...table.sortControl('visit')}>{t`Visit`}</SortableTh>
          <SortableTh {...table.sortControl('date')}>{t`Date`}</SortableTh>
          <SortableTh {...table.sortControl('person')}>{t`Person`}</SortableTh>
          <SortableTh {...table.sortControl('status')}>{t`Status`}</SortableTh>
          <SortableTh {...table.sortControl('notes')}>{t`# Notes`}</SortableTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {visits.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={COLUMNS}>
              <Text c="gray.7" ta="center" py="md" role="status">
                {text(messages.noStoreVisits)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((visit) => <VisitRows key={visit.id} visit={visit} />)
        )}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** A visit's row and, below it, the row its Show/Hide button opens with the notes. */
function VisitRows({ visit }: { visit: StoreVisit }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const [expanded, setExpanded] = useState(false);
  const notesId = useId();
  const name = visit.event;
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Text fw={600} size="sm">
            {visit.event}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{visit.date ? formatDate(visit.date) : '—'}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{visit.person ?? '—'}</Text>
        </Table.Td>
        <Table.Td>
          <VisitStatusBadge status={visit.status} />
        </Table.Td>
        <Table.Td>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" fw={600} miw={16}>
              {visit.notes.length}
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setExpanded((open) => !open)}
              aria-expanded={expanded}
              aria-controls={notesId}
              aria-label={expanded ? t`Hide notes of ${name}` : t`Show notes of ${name}`}
              rightSection={
                expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
              }
            >
              {expanded ? t`Hide` : t`Show`}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      <Table.Tr id={notesId} hidden={!expanded} bg="gray.0">
        <Table.Td colSpan={COLUMNS}>
          {visit.notes.length === 0 ? (
            <Text size="sm" c="gray.7">
              {text(messages.noVisitNotes)}
            </Text>
          ) : (
            <List listStyleType="none" spacing="xs" aria-label={t`Notes of ${name}`}>
              {visit.notes.map((note) => (
                <List.Item key={note.id}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={500} mr="xs">
                      {note.name}
                    </Text>
                    <NoteCategoryBadge category={note.category} />
                    <VisitStatusBadge status={note.status} />
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}
