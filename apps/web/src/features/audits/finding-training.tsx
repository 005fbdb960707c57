import type { AuditItem } from '@brigade/core/schemas/audits';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';

const statusLabels = {
  open: msg`Suggested`,
  assigned: msg`Assigned to staff`,
  dismissed: msg({ message: 'Dismissed', context: 'training suggestion' }),
} as const;

/**
 * Under a completed finding: the training it suggested (issue 20: findings that train)
 * and what became of it. Managers and hq assign an open one from their dashboard's
 * "Suggested trainings".
 */
export function FindingTraining({ item }: { item: AuditItem }) {
  const { i18n } = useLingui();
  const me = useCurrentUser();
  const suggestion = item.trainingSuggestion;
  if (!suggestion) return null;
  const title = suggestion.training.title;
  const dashboard = me.role === 'hq' ? '/dashboard-hq' : me.role === 'manager' ? '/dashboard-manager' : null;
  return (
    <Group gap={6} wrap="wrap">
      <IconSchool size={16} aria-hidden />
      <Text size="sm">
        <Trans>
          Training:{' '}
          <Text span size="sm" fw={600}>
            {title}
          </Text>
        </Trans>
      </Text>
      <Badge
        color={suggestion.status === 'assigned' ? 'green' : suggestion.status === 'open' ? 'blue' : 'gray'}
        variant="light"
        tt="none"
        c="gray.9"
      >
        {i18n._(statusLabels[suggestion.status])}
      </Badge>
      {suggestion.status === 'open' && dashboard && (
        <Anchor component={Link} to={dashboard} size="sm">
          <Trans>Assign from the dashboard</Trans>
        </Anchor>
      )}
    </Group>
  );
}
