import { messages } from '@brigade/core/messages';
import type { StoreVisit } from '@brigade/core/schemas/store-performance';
import { Alert, Button, Group, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatDate } from '../../lib/format-date';
import { useStoreVisits } from './api/get-store-visits';
import { PerformanceSection } from './performance-section';
import { ScrollTable } from './scroll-table';
import { NoteCategoryBadge, VisitStatusBadge } from './visit-badges';

const TITLE = 'Recent Store Visits';
const COLUMNS = 5;

/**
 * The restaurant's visits from the monday.com board (reports §2 "Store Performance"). A
 * failing board empties this list and says so; the rest of the page carries on.
 */
export function StoreVisitsSection({ restaurantId }: { restaurantId: string }) {
  const visits = useStoreVisits(restaurantId);
  const sourceId = useId();
  const data = visits.data;
  const source = data?.configured ? (
    <Text id={sourceId} size="sm" c="gray.7">
      Data from {data.host}
    </Text>
  ) : null;

  return (
    <PerformanceSection title={TITLE} aside={source} busy={visits.isFetching}>
      {visits.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading store visits" aria-busy="true">
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : visits.isError ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {messages.storeVisitsFailed}
          </Alert>
          <VisitsTable visits={[]} describedBy={undefined} />
        </Stack>
      ) : !data?.configured ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          {messages.storeVisitsNotConfigured}
          {data && data.missing.length > 0 ? `. Missing settings: ${data.missing.join(', ')}.` : '.'}
        </Alert>
      ) : (
        <VisitsTable visits={data.visits} describedBy={sourceId} />
      )}
    </PerformanceSection>
  );
}

function VisitsTable({ visits, describedBy }: { visits: readonly StoreVisit[]; describedBy: string | undefined }) {
  return (
    <ScrollTable label={TITLE} minWidth={640} describedBy={describedBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Visit</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Person</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th># Notes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {visits.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={COLUMNS}>
              <Text c="gray.7" ta="center" py="md" role="status">
                {messages.noStoreVisits}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          visits.map((visit) => <VisitRows key={visit.id} visit={visit} />)
        )}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** A visit's row and, below it, the row its Show/Hide button opens with the notes. */
function VisitRows({ visit }: { visit: StoreVisit }) {
  const [expanded, setExpanded] = useState(false);
  const notesId = useId();
  const verb = expanded ? 'Hide' : 'Show';
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
              aria-label={`${verb} notes of ${visit.event}`}
              rightSection={
                expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
              }
            >
              {verb}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      <Table.Tr id={notesId} hidden={!expanded} bg="gray.0">
        <Table.Td colSpan={COLUMNS}>
          {visit.notes.length === 0 ? (
            <Text size="sm" c="gray.7">
              {messages.noVisitNotes}
            </Text>
          ) : (
            <List listStyleType="none" spacing="xs" aria-label={`Notes of ${visit.event}`}>
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
