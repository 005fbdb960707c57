import type { ChecklistSummary } from '@brigade/core/schemas/checklists';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEye, IconLock, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { DataColumn } from '../../../components/data-list/data-list';
import { ListCard } from '../../../components/data-list/list-card';
import { RowActions } from '../../../components/row-action';
import { StatusBadge } from '../../../components/status-badge';
import { useCurrentUser } from '../../../lib/current-user';
import { useCoreText } from '../../../lib/i18n';
import { useCopyChecklist } from './api/copy-checklist';
import { useDeleteChecklist } from './api/delete-checklist';
import type { ChecklistSort } from './api/get-checklists';
import { useSetChecklistActive } from './api/set-checklist-active';
import { useSetChecklistOptOut } from './api/set-checklist-opt-out';
import { useWindowText } from './window-text';

/** The restaurant a manager's list is for (their selected one); null for hq. */
export type ListRestaurant = { id: string; name: string } | null;

/** Wide screens: one row per checklist, sorted by clicking the Name or Items header. */
export function useChecklistColumns(restaurant: ListRestaurant): DataColumn<ChecklistSummary, ChecklistSort>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Name`,
      sort: 'name',
      rowHeader: true,
      cell: (checklist) => (
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {checklist.name}
        </Text>
      ),
    },
    { header: t`Where`, cell: (checklist) => <Scope checklist={checklist} /> },
    { header: t`Windows`, cell: (checklist) => <Windows checklist={checklist} /> },
    {
      header: t`Items`,
      sort: 'items',
      noWrap: true,
      cell: (checklist) => <Plural value={checklist.itemCount} one="# item" other="# items" />,
    },
    { header: t`Status`, noWrap: true, cell: (checklist) => <Status checklist={checklist} /> },
    { header: t`Actions`, cell: (checklist) => <ChecklistActions checklist={checklist} restaurant={restaurant} /> },
  ];
}

/** Phones and narrower screens: one card per checklist, the same facts and actions. */
export function ChecklistCard({ checklist, restaurant }: { checklist: ChecklistSummary; restaurant: ListRestaurant }) {
  return (
    <ListCard
      title={checklist.name}
      badge={<Status checklist={checklist} />}
      actions={<ChecklistActions checklist={checklist} restaurant={restaurant} />}
    >
      <Scope checklist={checklist} />
      <Windows checklist={checklist} />
      <Text size="sm" c="gray.7">
        <Plural value={checklist.itemCount} one="# item" other="# items" />
      </Text>
    </ListCard>
  );
}

/** Chain (all or how many restaurants) or local (which restaurant). */
function Scope({ checklist }: { checklist: ChecklistSummary }) {
  const { t, i18n } = useLingui();
  const count = checklist.restaurantCount ?? 0;
  const restaurantName = checklist.restaurant?.name ?? '';
  const text = checklist.restaurant
    ? t`Local · ${restaurantName}`
    : checklist.restaurantCount === null
      ? t`Chain · all restaurants`
      : i18n._(msg({ message: plural(count, { one: 'Chain · # restaurant', other: 'Chain · # restaurants' }) }));
  return (
    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function Windows({ checklist }: { checklist: ChecklistSummary }) {
  const windowText = useWindowText();
  return (
    <Stack gap={0}>
      {checklist.windows.map((window) => (
        <Text key={window.id} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {windowText(window)}
        </Text>
      ))}
    </Stack>
  );
}

/** Active, inactive, or switched off at the manager's restaurant; and the lock. */
function Status({ checklist }: { checklist: ChecklistSummary }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {checklist.locked && (
        <Badge variant="light" color="gray" c="dark.7" tt="none" leftSection={<IconLock size={12} aria-hidden />}>
          <Trans>Locked</Trans>
        </Badge>
      )}
      {checklist.isActive && checklist.optedOut ? (
        <Badge variant="dot" color="orange.8" c="dark.7" tt="none" style={{ minWidth: 'max-content' }}>
          <Trans>Switched off here</Trans>
        </Badge>
      ) : (
        <StatusBadge isActive={checklist.isActive} />
      )}
    </Group>
  );
}

/**
 * What the reader may do with the row: hq, and a manager with their own checklist: Edit,
 * Deactivate/Activate and Delete. A manager with a chain template: View, and unless hq
 * locked it, Switch off (or on) here and Make a local copy.
 */
function ChecklistActions({ checklist, restaurant }: { checklist: ChecklistSummary; restaurant: ListRestaurant }) {
  const me = useCurrentUser();
  if (me.role !== 'hq' && checklist.restaurant === null) {
    return restaurant ? <ChainTemplateActions checklist={checklist} restaurant={restaurant} /> : null;
  }
  return <OwnChecklistActions checklist={checklist} />;
}

function OwnChecklistActions({ checklist }: { checklist: ChecklistSummary }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const navigate = useNavigate();
  const { name } = checklist;
  const failed = (title: string) => (error: Error) =>
    notifications.show({ color: 'red', title, message: `${name}: ${text(error.message)}` });
  const remove = useDeleteChecklist({
    onSuccess: () => notifications.show({ color: 'green', message: t`Checklist deleted` }),
    onError: failed(t`Failed to delete the checklist`),
  });
  const toggle = useSetChecklistActive({
    onSuccess: (saved) =>
      notifications.show({
        color: 'green',
        message: saved.isActive ? t`${name} is active` : t`${name} is inactive`,
      }),
    onError: failed(t`Failed to save the checklist`),
  });
  return (
    <RowActions
      name={name}
      isActive={checklist.isActive}
      toggling={toggle.isPending}
      onToggleActive={() => toggle.mutate({ id: checklist.id, isActive: !checklist.isActive })}
      onEdit={() => void navigate(`/checklist-templates/${encodeURIComponent(checklist.id)}/edit`)}
      deleting={remove.isPending}
      deleteConfirm={{
        title: t`Delete checklist`,
        message: (
          <Trans>
            Are you sure you want to delete <strong>{name}</strong>? A checklist with records cannot be deleted:
            deactivate it instead. This action cannot be undone.
          </Trans>
        ),
      }}
      onDelete={() => remove.mutate(checklist.id)}
    />
  );
}

function ChainTemplateActions({
  checklist,
  restaurant,
}: {
  checklist: ChecklistSummary;
  restaurant: NonNullable<ListRestaurant>;
}) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const navigate = useNavigate();
  const { name } = checklist;
  const restaurantName = restaurant.name;
  const failed = (error: Error) =>
    notifications.show({
      color: 'red',
      title: t`Failed to save the checklist`,
      message: `${name}: ${text(error.message)}`,
    });
  const optOut = useSetChecklistOptOut({
    onSuccess: (saved) =>
      notifications.show({
        color: 'green',
        message: saved.optedOut
          ? t`${name} is switched off at ${restaurantName}`
          : t`${name} is on at ${restaurantName}`,
      }),
    onError: failed,
  });
  const copy = useCopyChecklist({
    onSuccess: (copied) => {
      notifications.show({ color: 'green', message: t`${name} is copied: this copy is now ${restaurantName}'s own` });
      void navigate(`/checklist-templates/${encodeURIComponent(copied.id)}/edit`);
    },
    onError: failed,
  });
  const switchLabel = checklist.optedOut ? t`Switch on here` : t`Switch off here`;

  return (
    <Group gap={4} wrap="wrap" justify="flex-end">
      <Button
        component={Link}
        to={`/checklist-templates/${encodeURIComponent(checklist.id)}/edit`}
        size="sm"
        variant="subtle"
        leftSection={<IconEye size={16} aria-hidden />}
        aria-label={t`View ${name}`}
      >
        <Trans>View</Trans>
      </Button>
      {/* A locked template offers neither: its Locked badge says why. */}
      {!checklist.locked && (
        <>
          <Button
            size="sm"
            variant="light"
            color={checklist.optedOut ? 'green.9' : 'orange.9'}
            loading={optOut.isPending}
            leftSection={
              checklist.optedOut ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />
            }
            aria-label={`${switchLabel}: ${name}`}
            onClick={() =>
              optOut.mutate({ id: checklist.id, restaurantId: restaurant.id, optedOut: !checklist.optedOut })
            }
          >
            {switchLabel}
          </Button>
          <Button
            size="sm"
            variant="light"
            color="indigo"
            loading={copy.isPending}
            leftSection={<IconCopy size={16} aria-hidden />}
            aria-label={t`Make a local copy of ${name}`}
            onClick={() => copy.mutate({ id: checklist.id, restaurantId: restaurant.id })}
          >
            <Trans>Make a local copy</Trans>
          </Button>
        </>
      )}
    </Group>
  );
}
