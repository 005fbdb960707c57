import { messages } from '@brigade/core/messages';
import type { StorePerformance } from '@brigade/core/schemas/store-performance';
import { Table, Text } from '@mantine/core';
import { ScoreBadge } from '../../components/score-badge';
import { StatusBadge } from '../../components/status-badge';
import { ViewAuditButton } from '../../components/view-audit-button';
import { formatDate } from '../../lib/format-date';
import { PerformanceSection } from './performance-section';
import { ScrollTable } from './scroll-table';

type RecentAudit = StorePerformance['recentAudits'][number];
type StaffMember = StorePerformance['staff'][number];

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

/** The restaurant's 5 latest audits, newest first. */
export function RecentAuditsSection({ audits }: { audits: readonly RecentAudit[] }) {
  return (
    <PerformanceSection title="Recent Audits">
      <ScrollTable label="Recent Audits" minWidth={420}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audits.length === 0 ? (
            <EmptyRow columns={3} message={messages.noRestaurantAudits} />
          ) : (
            audits.map((audit) => (
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

/** Staff and managers assigned to the restaurant, with their training progress. */
export function StaffMembersSection({ staff }: { staff: readonly StaffMember[] }) {
  return (
    <PerformanceSection title="Staff Members">
      <ScrollTable label="Staff Members" minWidth={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Training Progress</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.length === 0 ? (
            <EmptyRow columns={4} message={messages.noRestaurantStaff} />
          ) : (
            staff.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {member.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.role === 'manager' ? 'Manager' : 'Staff'}</Text>
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
