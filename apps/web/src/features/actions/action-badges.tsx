import type { ActionStatus } from '@brigade/core/schemas/corrective-actions';
import { type AuditMark, MARK_LABELS } from '@brigade/core/scoring';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group } from '@mantine/core';
import { useCoreText } from '../../lib/i18n';

/** A finding's mark in the active language (core's labels), or "Not marked". */
export function useMarkLabel(): (mark: AuditMark | null) => string {
  const { t } = useLingui();
  const { text } = useCoreText();
  return (mark) => (mark ? text(MARK_LABELS[mark]) : t`Not marked`);
}

/** Open / Resolved, and Overdue beside an open action past its due date (core `isActionOverdue`). */
export function ActionStatusBadges({ status, overdue }: { status: ActionStatus; overdue: boolean }) {
  const { t } = useLingui();
  return (
    // Never squeezed by a long item text beside it (a phone card would show "O.").
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge color={status === 'open' ? 'blue' : 'green'} variant="light" tt="none" c="gray.9">
        {status === 'open'
          ? t({ message: 'Open', context: 'corrective actions' })
          : t({ message: 'Resolved', context: 'corrective actions' })}
      </Badge>
      {overdue && (
        <Badge color="red" variant="filled" tt="none">
          <Trans>Overdue</Trans>
        </Badge>
      )}
    </Group>
  );
}
