import { messages } from '@brigade/core/messages';
import type { AuditListItem, AuditSort } from '@brigade/core/schemas/audits';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ScoreBadge } from '../../components/score-badge';
import { SortableTh } from '../../components/sortable-th';
import { ViewAuditButton } from '../../components/view-audit-button';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import type { SortControl } from '../../lib/use-list-params';

interface AuditListProps {
  audits: readonly AuditListItem[];
}

function auditorOf(audit: AuditListItem, text: (english: string) => string) {
  return audit.auditorName ?? text(messages.deletedUser);
}

interface AuditTableProps extends AuditListProps {
  sortControl: (column: AuditSort) => SortControl;
}

/** Wide screens: one row per audit; each header but Actions sorts the list (Status by score, a draft lowest). */
export function HqAuditTable({ audits, sortControl }: AuditTableProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  return (
    <Paper withBorder>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh {...sortControl('restaurant')}>{t`Restaurant`}</SortableTh>
            <SortableTh {...sortControl('auditedAt')}>{t`Date`}</SortableTh>
            <SortableTh {...sortControl('auditor')}>{t`Auditor`}</SortableTh>
            <SortableTh {...sortControl('template')}>{t`Templates`}</SortableTh>
            <SortableTh {...sortControl('score')}>{t`Status`}</SortableTh>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audits.map((audit) => (
            <Table.Tr key={audit.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {audit.restaurant.name}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(audit.auditedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={audit.auditorName ? undefined : 'gray.7'}>
                  {auditorOf(audit, text)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{audit.templateNames.join(', ')}</Text>
              </Table.Td>
              <Table.Td>
                <ScoreBadge status={audit.status} score={audit.finalScore} />
              </Table.Td>
              <Table.Td>
                <ViewAuditButton audit={audit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Narrower screens: one card per audit with the same facts and the View button. */
export function HqAuditCards({ audits }: AuditListProps) {
  const { text } = useCoreText();
  return (
    <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {audits.map((audit) => {
        const date = formatDate(audit.auditedAt);
        const auditor = auditorOf(audit, text);
        return (
          <Paper component="li" key={audit.id} withBorder p="md">
            <Stack gap={6} h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {audit.restaurant.name}
                </Text>
                <ScoreBadge status={audit.status} score={audit.finalScore} />
              </Group>
              <Text size="sm">
                <Trans>
                  {date} · By {auditor}
                </Trans>
              </Text>
              <Text size="sm" c="gray.7">
                {audit.templateNames.join(', ')}
              </Text>
              <Group justify="flex-end" mt="auto">
                <ViewAuditButton audit={audit} />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

export function AuditListSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t`Loading audits`}>
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} wrap="nowrap">
            <Skeleton height={36} style={{ flex: 2 }} />
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} width={80} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
