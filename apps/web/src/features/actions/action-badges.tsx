import type { ActionStatus } from '@brigade/core/schemas/corrective-actions';
import type { AuditMark } from '@brigade/core/scoring';
import { Badge, Group } from '@mantine/core';

const MARK_LABELS: Record<AuditMark, string> = {
  bad: 'Bad',
  needs_improvement: 'Needs improvement',
  good: 'Good',
  excellent: 'Excellent',
};

export function markLabel(mark: AuditMark | null): string {
  return mark ? MARK_LABELS[mark] : 'Not marked';
}

/** Open / Resolved, and Overdue beside an open action past its due date (core `isActionOverdue`). */
export function ActionStatusBadges({ status, overdue }: { status: ActionStatus; overdue: boolean }) {
  return (
    // Never squeezed by a long item text beside it (a phone card would show "O.").
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge color={status === 'open' ? 'blue' : 'green'} variant="light" tt="none" c="gray.9">
        {status === 'open' ? 'Open' : 'Resolved'}
      </Badge>
      {overdue && (
        <Badge color="red" variant="filled" tt="none">
          Overdue
        </Badge>
      )}
    </Group>
  );
}
