import { messages } from '@brigade/core/messages';
import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCoreText } from '../../lib/i18n';

const common = { tt: 'none', style: { flexShrink: 0, minWidth: 'max-content' } } as const;

/**
 * Completed once completed_at is set, In Progress until then (core §4). The green text is
 * darker than Mantine's green 9, which is under 4.5:1 on the light green badge (axe).
 */
export function AssignmentStatusBadge({ completed }: { completed: boolean }) {
  return completed ? (
    <Badge {...common} variant="light" color="green" c="#1e6b30">
      <Trans>Completed</Trans>
    </Badge>
  ) : (
    <Badge {...common} variant="light" color="indigo" c="indigo.9">
      <Trans>In Progress</Trans>
    </Badge>
  );
}

/** Past its due date and not completed. */
export function OverdueBadge() {
  const { text } = useCoreText();
  return (
    <Badge {...common} variant="filled" color="red.9" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      {text(messages.overdue)}
    </Badge>
  );
}

/**
 * The latest quiz result: `Quiz: {score}%` in green when passed, red when not, or
 * `Quiz: Not taken`. Filled colours that keep 4.5:1 with white text; `data-colour`
 * names the colour for tests.
 */
export function QuizResultBadge({ attempt }: { attempt: { score: number; passed: boolean } | null }) {
  const { text, catalogue } = useCoreText();
  if (!attempt) {
    return (
      <Badge {...common} variant="outline" color="gray" c="gray.8" data-colour="gray">
        {text(messages.quizNotTaken)}
      </Badge>
    );
  }
  return (
    <Badge
      {...common}
      variant="filled"
      color={attempt.passed ? '#277c38' : 'red.9'}
      data-colour={attempt.passed ? 'green' : 'red'}
    >
      {catalogue.quizScoreBadge(attempt.score)}
    </Badge>
  );
}
