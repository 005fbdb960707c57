import { messages } from '@brigade/core/messages';
import type { StoreVisit } from '@brigade/core/schemas/store-performance';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { LoadError } from '../../components/load-error';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import type { ListSortSpec } from '../../lib/use-list-params';
import { useStoreVisits } from './api/get-store-visits';
import { PerformanceSection } from './performance-section';
import { SECTION_TABLE } from './section-table';
import { sortRows, useTableSort } from './use-table-sort';
import { NoteCategoryBadge, VisitStatusBadge } from './visit-badges';

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
  const notesId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (visit: StoreVisit) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(visit.id)) next.add(visit.id);
      return next;
    });
  const notesIdOf = (visit: StoreVisit) => `${notesId}-${visit.id}`;
  const columns: DataColumn<StoreVisit, VisitColumn>[] = [
    {
      header: t`Visit`,
      sort: 'visit',
      cell: (visit) => (
        <Text fw={600} size="sm">
          {visit.event}
        </Text>
      ),
    },
    {
      header: t`Date`,
      sort: 'date',
      noWrap: true,
      cell: (visit) => <Text size="sm">{visit.date ? formatDate(visit.date) : '—'}</Text>,
    },
    { header: t`Person`, sort: 'person', cell: (visit) => <Text size="sm">{visit.person ?? '—'}</Text> },
    { header: t`Status`, sort: 'status', cell: (visit) => <VisitStatusBadge status={visit.status} /> },
    {
      header: t`# Notes`,
      sort: 'notes',
      cell: (visit) => (
        <NotesToggle
          visit={visit}
          expanded={expanded.has(visit.id)}
          controls={notesIdOf(visit)}
          onToggle={() => toggle(visit)}
        />
      ),
    },
  ];
  return (
    <DataTable
      rows={sortRows(visits, VISIT_VALUES, table.sort, table.order)}
      columns={columns}
      rowKey={(visit) => visit.id}
      sortControl={table.sortControl}
      label={t`Recent Store Visits`}
      describedBy={describedBy}
      scroll={{ minWidth: 640, label: t`Recent Store Visits` }}
      tableProps={SECTION_TABLE}
      emptyRow={text(messages.noStoreVisits)}
      detail={{
        id: notesIdOf,
        open: (visit) => expanded.has(visit.id),
        render: (visit) => <VisitNotes visit={visit} />,
      }}
    />
  );
}

interface NotesToggleProps {
  visit: StoreVisit;
  expanded: boolean;
  /** The id of the row the button opens. */
  controls: string;
  onToggle: () => void;
}

/** The visit's note count and the Show/Hide button that opens the row of notes below it. */
function NotesToggle({ visit, expanded, controls, onToggle }: NotesToggleProps) {
  const { t } = useLingui();
  const name = visit.event;
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" fw={600} miw={16}>
        {visit.notes.length}
      </Text>
      <Button
        variant="default"
        size="compact-sm"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={controls}
        aria-label={expanded ? t`Hide notes of ${name}` : t`Show notes of ${name}`}
        rightSection={expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
      >
        {expanded ? t`Hide` : t`Show`}
      </Button>
    </Group>
  );
}

function VisitNotes({ visit }: { visit: StoreVisit }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const name = visit.event;
  if (visit.notes.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {text(messages.noVisitNotes)}
      </Text>
    );
  }
  return (
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
  );
}
