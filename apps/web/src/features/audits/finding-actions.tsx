import { actionMessages } from '@brigade/core/messages';
import type { AuditItem } from '@brigade/core/schemas/audits';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useAddAction } from './api/add-action';

/**
 * Under a completed item: a link to each of its corrective actions with its status, and
 * for hq "Add action" on any item (a Good item can still need a follow-up).
 */
export function FindingActions({ auditId, item }: { auditId: string; item: AuditItem }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const itemText = item.itemText;
  const add = useAddAction(auditId);
  if (item.actions.length === 0 && me.role !== 'hq') return null;
  return (
    <Group gap="xs" wrap="wrap">
      {item.actions.map((action, index) => {
        const number = index + 1;
        const day = formatDate(action.dueOn);
        return (
          <Group key={action.id} gap={6} wrap="nowrap">
            <Anchor component={Link} to={`/actions/${action.id}`} size="sm" fw={600}>
              {item.actions.length > 1 ? t`Action ${number}` : t`Corrective action`}
            </Anchor>
            <Badge color={action.status === 'open' ? 'blue' : 'green'} variant="light" tt="none" c="gray.9">
              {action.status === 'open'
                ? t`Open · due ${day}`
                : t({ message: 'Resolved', context: 'corrective actions' })}
            </Badge>
            {action.overdue && (
              <Badge color="red" variant="filled" tt="none">
                <Trans>Overdue</Trans>
              </Badge>
            )}
          </Group>
        );
      })}
      {me.role === 'hq' && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          loading={add.isPending}
          aria-label={t`Add action for ${itemText}`}
          onClick={() =>
            add.mutate(
              { auditItemId: item.id },
              {
                onSuccess: () => notifications.show({ color: 'green', message: text(actionMessages.created) }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    message: text(isApiError(error) ? error.message : actionMessages.actionFailed),
                  }),
              },
            )
          }
        >
          <Trans>Add action</Trans>
        </Button>
      )}
    </Group>
  );
}
