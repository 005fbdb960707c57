import { messages } from '@brigade/core/messages';
import type { AuditListItem, AuditSort } from '@brigade/core/schemas/audits';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { DataColumn } from '../../components/data-list/data-list';
import { ListCard } from '../../components/data-list/list-card';
import { ScoreBadge } from '../../components/score-badge';
import { ViewAuditButton } from '../../components/view-audit-button';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';

function auditorOf(audit: AuditListItem, text: (english: string) => string) {
  return audit.auditorName ?? text(messages.deletedUser);
}

/** Wide screens: one row per audit; each header but Actions sorts the list (Status by score, a draft lowest). */
export function useHqAuditColumns(): DataColumn<AuditListItem, AuditSort>[] {
  const { t } = useLingui();
  const { text } = useCoreText();
  return [
    {
      header: t`Restaurant`,
      sort: 'restaurant',
      cell: (audit) => (
        <Text fw={600} size="sm">
          {audit.restaurant.name}
        </Text>
      ),
    },
    {
      header: t`Date`,
      sort: 'auditedAt',
      noWrap: true,
      cell: (audit) => <Text size="sm">{formatDate(audit.auditedAt)}</Text>,
    },
    {
      header: t`Auditor`,
      sort: 'auditor',
      cell: (audit) => (
        <Text size="sm" c={audit.auditorName ? undefined : 'gray.7'}>
          {auditorOf(audit, text)}
        </Text>
      ),
    },
    {
      header: t`Templates`,
      sort: 'template',
      cell: (audit) => <Text size="sm">{audit.templateNames.join(', ')}</Text>,
    },
    {
      header: t`Status`,
      sort: 'score',
      cell: (audit) => <ScoreBadge status={audit.status} score={audit.finalScore} />,
    },
    { header: t`Actions`, cell: (audit) => <ViewAuditButton audit={audit} /> },
  ];
}

/** Narrower screens: one card per audit with the same facts and the View button. */
export function HqAuditCard({ audit }: { audit: AuditListItem }) {
  const { text } = useCoreText();
  const date = formatDate(audit.auditedAt);
  const auditor = auditorOf(audit, text);
  return (
    <ListCard
      title={audit.restaurant.name}
      badge={<ScoreBadge status={audit.status} score={audit.finalScore} />}
      actions={<ViewAuditButton audit={audit} />}
    >
      <Text size="sm">
        <Trans>
          {date} · By {auditor}
        </Trans>
      </Text>
      <Text size="sm" c="gray.7">
        {audit.templateNames.join(', ')}
      </Text>
    </ListCard>
  );
}
