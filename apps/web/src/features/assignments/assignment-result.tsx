import { messages } from '@brigade/core/messages';
import type { AssignmentsCreated } from '@brigade/core/schemas/assignments';
import { Plural } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useCoreText } from '../../lib/i18n';

/**
 * The outcome of an assigning action (core §5, §7): `Successfully created N new training
 * assignments`, or the info that every pair existed already.
 */
export function AssignmentResult({ result }: { result: AssignmentsCreated }) {
  const { text, catalogue } = useCoreText();
  const { skipped } = result;
  if (result.created === 0) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
        {text(messages.allAlreadyAssigned)}
      </Alert>
    );
  }
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
      <Text size="sm" fw={600}>
        {catalogue.assignmentsCreatedMessage(result.created)}
      </Text>
      {skipped > 0 && (
        <Text size="sm">
          <Plural
            value={skipped}
            one="# pair was already assigned and was skipped."
            other="# pairs were already assigned and were skipped."
          />
        </Text>
      )}
    </Alert>
  );
}
