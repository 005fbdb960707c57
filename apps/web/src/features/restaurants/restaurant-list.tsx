import type { Restaurant, RestaurantSort } from '@brigade/core/schemas/restaurants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RowActions } from '../../components/row-action';
import { SortableTh } from '../../components/sortable-th';
import { StatusBadge } from '../../components/status-badge';
import { useCoreText } from '../../lib/i18n';
import type { SortControl } from '../../lib/use-list-params';
import { useDeleteRestaurant } from './api/delete-restaurant';
import { useSetRestaurantActive } from './api/set-restaurant-active';

interface RestaurantListProps {
  restaurants: readonly Restaurant[];
  onEdit: (restaurant: Restaurant) => void;
}

/** Wide screens: one row per restaurant, sorted by clicking the Restaurant, Contact or Status header. */
export function RestaurantTable({
  restaurants,
  onEdit,
  sortControl,
}: RestaurantListProps & { sortControl: (column: RestaurantSort) => SortControl }) {
  const { t } = useLingui();
  return (
    <Paper withBorder>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh {...sortControl('name')}>{t`Restaurant`}</SortableTh>
            <SortableTh {...sortControl('email')}>{t`Contact`}</SortableTh>
            <Table.Th>
              <Trans>Integrations</Trans>
            </Table.Th>
            <SortableTh {...sortControl('status')}>{t`Status`}</SortableTh>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {restaurants.map((restaurant) => (
            <Table.Tr key={restaurant.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {restaurant.name}
                </Text>
                <Text size="sm" c="gray.7">
                  {restaurant.address}
                </Text>
                <Text size="sm" c="gray.7">
                  {restaurant.city}, {restaurant.country}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ContactLines restaurant={restaurant} />
              </Table.Td>
              <Table.Td>
                <IntegrationBadges restaurant={restaurant} />
              </Table.Td>
              <Table.Td>
                <StatusBadge isActive={restaurant.isActive} />
              </Table.Td>
              <Table.Td>
                <RestaurantActions restaurant={restaurant} onEdit={onEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Narrower screens: one card per restaurant, the same facts and actions as a table row. */
export function RestaurantCards({ restaurants, onEdit }: RestaurantListProps) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {restaurants.map((restaurant) => (
        <Paper component="li" key={restaurant.id} withBorder p="md">
          <Stack gap={6} h="100%">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} miw={0} style={{ overflowWrap: 'anywhere' }}>
                {restaurant.name}
              </Text>
              <StatusBadge isActive={restaurant.isActive} />
            </Group>
            <div>
              <Text size="sm" c="gray.7">
                {restaurant.address}
              </Text>
              <Text size="sm" c="gray.7">
                {restaurant.city}, {restaurant.country}
              </Text>
            </div>
            <ContactLines restaurant={restaurant} />
            <IntegrationBadges restaurant={restaurant} />
            <Group justify="flex-end" mt="auto">
              <RestaurantActions restaurant={restaurant} onEdit={onEdit} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ContactLines({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useLingui();
  const posId = restaurant.posId ?? '—';
  return (
    <div>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {restaurant.email ?? t`No email`}
      </Text>
      <Text size="sm" c="gray.7">
        <Trans>POS ID: {posId}</Trans>
      </Text>
    </div>
  );
}

const INTEGRATIONS = [
  { field: 'googlePlaceId', label: 'Google' },
  { field: 'uberEatsId', label: 'Uber Eats' },
  { field: 'takeawayId', label: 'Takeaway' },
  { field: 'deliverooId', label: 'Deliveroo' },
] as const satisfies readonly { field: keyof Restaurant; label: string }[];

/** A badge for each integration whose id is filled in. */
function IntegrationBadges({ restaurant }: { restaurant: Restaurant }) {
  const linked = INTEGRATIONS.filter(({ field }) => restaurant[field]);
  if (linked.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        <Trans>No integrations</Trans>
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {linked.map(({ field, label }) => (
        <Badge key={field} variant="light" color="indigo" c="indigo.9" tt="none" title={restaurant[field] ?? undefined}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/** Power (toggle active), Edit and Delete, each named after the restaurant. */
function RestaurantActions({
  restaurant,
  onEdit,
}: {
  restaurant: Restaurant;
  onEdit: (restaurant: Restaurant) => void;
}) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { name } = restaurant;
  const showFailure = (error: Error) => notifications.show({ color: 'red', title: name, message: text(error.message) });
  const setActive = useSetRestaurantActive({
    onSuccess: (saved) =>
      notifications.show({
        color: 'green',
        message: saved.isActive ? t`Restaurant activated` : t`Restaurant deactivated`,
      }),
    onError: showFailure,
  });
  const remove = useDeleteRestaurant({
    onSuccess: () => notifications.show({ color: 'green', message: t`Restaurant deleted` }),
    onError: showFailure,
  });

  return (
    <RowActions
      name={name}
      isActive={restaurant.isActive}
      toggling={setActive.isPending}
      onToggleActive={() => setActive.mutate({ id: restaurant.id, isActive: !restaurant.isActive })}
      onEdit={() => onEdit(restaurant)}
      deleting={remove.isPending}
      deleteConfirm={{
        title: t`Delete restaurant`,
        message: (
          <Trans>
            Are you sure you want to delete <strong>{name}</strong>? This action cannot be undone.
          </Trans>
        ),
      }}
      onDelete={() => remove.mutate(restaurant.id)}
    />
  );
}
