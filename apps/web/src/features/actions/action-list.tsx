import type { ActionListItem, ActionSort } from '@brigade/core/schemas/corrective-actions';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SortableTh } from '../../components/sortable-th';
import { formatDate } from '../../lib/format-date';
import type { SortControl } from '../../lib/use-list-params';
import { ActionStatusBadges, useMarkLabel } from './action-badges';

interface ActionListProps {
  actions: readonly ActionListItem[];
  /** hq across restaurants sees the restaurant column; a manager's list is one restaurant. */
  showRestaurant: boolean;
}

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

interface ActionTableProps extends ActionListProps {
  sortControl: (column: ActionSort) => SortControl;
}

/** Wide screens: one row per action, the item text links to the action; every header but Owners sorts. */
export function ActionTable({ actions, showRestaurant, sortControl }: ActionTableProps) {
  const { t } = useLingui();
  const markLabel = useMarkLabel();
  const ownersOf = useOwnersOf();
  return (
    <Paper withBorder>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh {...sortControl('item')}>{t`Finding`}</SortableTh>
            {showRestaurant && <SortableTh {...sortControl('restaurant')}>{t`Restaurant`}</SortableTh>}
            <SortableTh {...sortControl('template')}>{t`Template`}</SortableTh>
            <SortableTh {...sortControl('dueOn')}>{t`Due`}</SortableTh>
            <Table.Th>
              <Trans>Owners</Trans>
            </Table.Th>
            <SortableTh {...sortControl('status')}>{t`Status`}</SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((action) => (
            <Table.Tr key={action.id}>
              <Table.Td>
                <Anchor component={Link} to={`/actions/${action.id}`} fw={600} size="sm">
                  {action.itemText}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {markLabel(action.mark)}
                </Text>
              </Table.Td>
              {showRestaurant && (
                <Table.Td>
                  <Text size="sm">{action.restaurant.name}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{action.templateName}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(action.dueOn)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{ownersOf(action)}</Text>
              </Table.Td>
              <Table.Td>
                <ActionStatusBadges status={action.status} overdue={action.overdue} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Phones and narrow screens: one card per action, the whole title a link. */
export function ActionCards({ actions, showRestaurant }: ActionListProps) {
  const markLabel = useMarkLabel();
  const ownersOf = useOwnersOf();
  return (
    <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {actions.map((action) => {
        const day = formatDate(action.dueOn);
        const owners = ownersOf(action);
        return (
          <Paper component="li" key={action.id} withBorder p="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Anchor
                  component={Link}
                  to={`/actions/${action.id}`}
                  fw={700}
                  miw={0}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {action.itemText}
                </Anchor>
                <ActionStatusBadges status={action.status} overdue={action.overdue} />
              </Group>
              <Text size="sm">
                {markLabel(action.mark)} · {action.templateName}
                {showRestaurant ? ` · ${action.restaurant.name}` : ''}
              </Text>
              <Text size="sm" c={action.overdue ? 'red.9' : 'gray.7'} fw={action.overdue ? 600 : undefined}>
                <Trans>
                  Due {day} · {owners}
                </Trans>
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

export function ActionListSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t`Loading corrective actions`}>
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} wrap="nowrap">
            <Skeleton height={36} style={{ flex: 2 }} />
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} width={80} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
