import { messages } from '@brigade/core/messages';
import { ROLE_LABELS } from '@brigade/core/roles';
import type { StorePerformance } from '@brigade/core/schemas/store-performance';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { ScoreBadge } from '../../components/score-badge';
import { SortableTh } from '../../components/sortable-th';
import { StatusBadge } from '../../components/status-badge';
import { ViewAuditButton } from '../../components/view-audit-button';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import type { ListSortSpec } from '../../lib/use-list-params';
import { PerformanceSection } from './performance-section';
import { ScrollTable } from './scroll-table';
import { sortRows, useTableSort } from './use-table-sort';

type RecentAudit = StorePerformance['recentAudits'][number];
type StaffMember = StorePerformance['staff'][number];

type AuditColumn = 'date' | 'score';
const AUDIT_SORTING: ListSortSpec<AuditColumn> = {
  columns: ['date', 'score'],
  defaultSort: 'date',
  defaultOrder: 'desc',
  descendingFirst: ['date', 'score'],
};
const AUDIT_VALUES = {
  date: (audit: RecentAudit) => Date.parse(audit.auditedAt),
  // A draft has no score: it comes last.
  score: (audit: RecentAudit) => audit.finalScore,
};

type StaffColumn = 'name' | 'role' | 'status' | 'progress';
const STAFF_SORTING: ListSortSpec<StaffColumn> = {
  columns: ['name', 'role', 'status', 'progress'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  descendingFirst: ['progress'],
};
/** The role's English label (core's `ROLE_LABELS`): the sort key; shown through `text()`. */
const roleLabel = (member: StaffMember) => ROLE_LABELS[member.role === 'manager' ? 'manager' : 'staff'];
const STAFF_VALUES = {
  name: (member: StaffMember) => member.name,
  role: roleLabel,
  // Active people first when ascending, in every language.
  status: (member: StaffMember) => (member.isActive ? 0 : 1),
  // The share completed; someone without trainings comes last.
  progress: (member: StaffMember) => (member.total === 0 ? null : member.completed / member.total),
};

function EmptyRow({ columns, message }: { columns: number; message: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="gray.7" ta="center" py="md" role="status">
          {message}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The restaurant's 5 latest audits, newest first unless sorted otherwise. */
export function RecentAuditsSection({ audits }: { audits: readonly RecentAudit[] }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const title = t`Recent Audits`;
  const table = useTableSort('audits', AUDIT_SORTING);
  const rows = sortRows(audits, AUDIT_VALUES, table.sort, table.order);
  return (
    <PerformanceSection title={title}>
      <ScrollTable label={title} minWidth={420}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh {...table.sortControl('date')}>{t`Date`}</SortableTh>
            <SortableTh {...table.sortControl('score')}>{t`Score`}</SortableTh>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audits.length === 0 ? (
            <EmptyRow columns={3} message={text(messages.noRestaurantAudits)} />
          ) : (
            rows.map((audit) => (
              <Table.Tr key={audit.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(audit.auditedAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <ScoreBadge status={audit.status} score={audit.finalScore} />
                </Table.Td>
                <Table.Td>
                  <ViewAuditButton audit={audit} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>
    </PerformanceSection>
  );
}

/** Staff and managers assigned to the restaurant, with their training progress; by name unless sorted otherwise. */
export function StaffMembersSection({ staff }: { staff: readonly StaffMember[] }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const title = t`Staff Members`;
  const table = useTableSort('staff', STAFF_SORTING);
  const rows = sortRows(staff, STAFF_VALUES, table.sort, table.order);
  return (
    <PerformanceSection title={title}>
      <ScrollTable label={title} minWidth={520}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh {...table.sortControl('name')}>{t`Name`}</SortableTh>
            <SortableTh {...table.sortControl('role')}>{t`Role`}</SortableTh>
            <SortableTh {...table.sortControl('status')}>{t`Status`}</SortableTh>
            <SortableTh {...table.sortControl('progress')}>{t`Training Progress`}</SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.length === 0 ? (
            <EmptyRow columns={4} message={text(messages.noRestaurantStaff)} />
          ) : (
            rows.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {member.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{text(roleLabel(member))}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge isActive={member.isActive} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {member.completed}/{member.total}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>
    </PerformanceSection>
  );
}
