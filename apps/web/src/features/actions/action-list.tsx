import type { ActionListItem, ActionSort } from '@brigade/core/schemas/corrective-actions';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataColumn } from '../../components/data-list/data-list';
import { ListCard } from '../../components/data-list/list-card';
import { formatDate } from '../../lib/format-date';
import { ActionStatusBadges, useMarkLabel } from './action-badges';

/** "Ana, Ben + 2 more", or "No owner". */
function useOwnersOf(): (action: ActionListItem) => string {
  const { t } = useLingui();
  return (action) => {
    if (action.ownerCount === 0) return t`No owner`;
    const names = action.ownerNames.join(', ');
    const more = action.ownerCount - action.ownerNames.length;
    return more > 0 ? t`${names} + ${more} more` : names;
  };
}

/**
 * The action list's columns (wide screens): the item text links to the action; every
 * header but Owners sorts. hq across restaurants sees the Restaurant column; a manager's
 * list is one restaurant.
 */
export function useActionColumns(showRestaurant: boolean): DataColumn<ActionListItem, ActionSort>[] {
  const { t } = useLingui();
  const markLabel = useMarkLabel();
  const ownersOf = useOwnersOf();
  const restaurant: DataColumn<ActionListItem, ActionSort> = {
    header: t`Restaurant`,
    sort: 'restaurant',
    cell: (action) => <Text size="sm">{action.restaurant.name}</Text>,
  };
  return [
    {
      header: t`Finding`,
      sort: 'item',
      cell: (action) => (
        <>
          <Anchor component={Link} to={`/actions/${action.id}`} fw={600} size="sm">
            {action.itemText}
          </Anchor>
          <Text size="xs" c="gray.7">
            {markLabel(action.mark)}
          </Text>
        </>
      ),
    },
    ...(showRestaurant ? [restaurant] : []),
    { header: t`Template`, sort: 'template', cell: (action) => <Text size="sm">{action.templateName}</Text> },
    {
      header: t`Due`,
      sort: 'dueOn',
      noWrap: true,
      cell: (action) => <Text size="sm">{formatDate(action.dueOn)}</Text>,
    },
    { header: t`Owners`, cell: (action) => <Text size="sm">{ownersOf(action)}</Text> },
    {
      header: t`Status`,
      sort: 'status',
      cell: (action) => <ActionStatusBadges status={action.status} overdue={action.overdue} />,
    },
  ];
}

/** Phones and narrow screens: one card per action, the whole title a link. */
export function ActionCard({ action, showRestaurant }: { action: ActionListItem; showRestaurant: boolean }) {
  const markLabel = useMarkLabel();
  const ownersOf = useOwnersOf();
  const day = formatDate(action.dueOn);
  const owners = ownersOf(action);
  return (
    <ListCard
      title={
        <Anchor component={Link} to={`/actions/${action.id}`} fw={700}>
          {action.itemText}
        </Anchor>
      }
      badge={<ActionStatusBadges status={action.status} overdue={action.overdue} />}
    >
      <Text size="sm">
        {markLabel(action.mark)} · {action.templateName}
        {showRestaurant ? ` · ${action.restaurant.name}` : ''}
      </Text>
      <Text size="sm" c={action.overdue ? 'red.9' : 'gray.7'} fw={action.overdue ? 600 : undefined}>
        <Trans>
          Due {day} · {owners}
        </Trans>
      </Text>
    </ListCard>
  );
}
