import { assignmentsCreatedMessage, messages } from '@brigade/core/messages';
import type { AssignmentsCreated } from '@brigade/core/schemas/assignments';
import { Alert, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

function skippedLine(skipped: number) {
  return skipped === 1
    ? '1 pair was already assigned and was skipped.'
    : `${skipped} pairs were already assigned and were skipped.`;
}

/**
 * The outcome of an assigning action (core §5, §7): `Successfully created N new training
 * assignments`, or the info that every pair existed already.
 */
export function AssignmentResult({ result }: { result: AssignmentsCreated }) {
  if (result.created === 0) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
        {messages.allAlreadyAssigned}
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
      <Text size="sm" fw={600}>
        {assignmentsCreatedMessage(result.created)}
      </Text>
      {result.skipped > 0 && <Text size="sm">{skippedLine(result.skipped)}</Text>}
    </Alert>
  );
}
