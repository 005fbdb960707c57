import { messages } from '@brigade/core/messages';
import { ROLE_LABELS } from '@brigade/core/roles';
import type { StorePerformance } from '@brigade/core/schemas/store-performance';
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { type DataColumn, DataTable } from '../../components/data-list/data-table';
import { ScoreBadge } from '../../components/score-badge';
import { StatusBadge } from '../../components/status-badge';
import { ViewAuditButton } from '../../components/view-audit-button';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import type { ListSortSpec } from '../../lib/use-list-params';
import { PerformanceSection } from './performance-section';
import { SECTION_TABLE } from './section-table';
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

/** The restaurant's 5 latest audits, newest first unless sorted otherwise. */
export function RecentAuditsSection({ audits }: { audits: readonly RecentAudit[] }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const title = t`Recent Audits`;
  const table = useTableSort('audits', AUDIT_SORTING);
  const columns: DataColumn<RecentAudit, AuditColumn>[] = [
    {
      header: t`Date`,
      sort: 'date',
      noWrap: true,
      cell: (audit) => <Text size="sm">{formatDate(audit.auditedAt)}</Text>,
    },
    { header: t`Score`, sort: 'score', cell: (audit) => <ScoreBadge status={audit.status} score={audit.finalScore} /> },
    { header: t`Actions`, cell: (audit) => <ViewAuditButton audit={audit} /> },
  ];
  return (
    <PerformanceSection title={title}>
      <DataTable
        rows={sortRows(audits, AUDIT_VALUES, table.sort, table.order)}
        columns={columns}
        rowKey={(audit) => audit.id}
        sortControl={table.sortControl}
        label={title}
        scroll={{ minWidth: 420, label: title }}
        tableProps={SECTION_TABLE}
        emptyRow={text(messages.noRestaurantAudits)}
      />
    </PerformanceSection>
  );
}

/** Staff and managers assigned to the restaurant, with their training progress; by name unless sorted otherwise. */
export function StaffMembersSection({ staff }: { staff: readonly StaffMember[] }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const title = t`Staff Members`;
  const table = useTableSort('staff', STAFF_SORTING);
  const columns: DataColumn<StaffMember, StaffColumn>[] = [
    {
      header: t`Name`,
      sort: 'name',
      cell: (member) => (
        <Text fw={600} size="sm">
          {member.name}
        </Text>
      ),
    },
    { header: t`Role`, sort: 'role', cell: (member) => <Text size="sm">{text(roleLabel(member))}</Text> },
    { header: t`Status`, sort: 'status', cell: (member) => <StatusBadge isActive={member.isActive} /> },
    {
      header: t`Training Progress`,
      sort: 'progress',
      cell: (member) => (
        <Text size="sm">
          {member.completed}/{member.total}
        </Text>
      ),
    },
  ];
  return (
    <PerformanceSection title={title}>
      <DataTable
        rows={sortRows(staff, STAFF_VALUES, table.sort, table.order)}
        columns={columns}
        rowKey={(member) => member.id}
        sortControl={table.sortControl}
        label={title}
        scroll={{ minWidth: 520, label: title }}
        tableProps={SECTION_TABLE}
        emptyRow={text(messages.noRestaurantStaff)}
      />
    </PerformanceSection>
  );
}
