import type { Restaurant, RestaurantSort } from '@brigade/core/schemas/restaurants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DataColumn } from '../../components/data-list/data-list';
import { ListCard } from '../../components/data-list/list-card';
import { RowActions } from '../../components/row-action';
import { StatusBadge } from '../../components/status-badge';
import { useCoreText } from '../../lib/i18n';
import { useDeleteRestaurant } from './api/delete-restaurant';
import { useSetRestaurantActive } from './api/set-restaurant-active';

/**
 * The restaurant list's columns (wide screens): sorted by clicking the Restaurant,
 * Contact or Status header; the phone's "Sort by" names them Name, Email and Status.
 */
export function useRestaurantColumns(
  onEdit: (restaurant: Restaurant) => void,
): DataColumn<Restaurant, RestaurantSort>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Restaurant`,
      sort: 'name',
      sortLabel: t`Name`,
      cell: (restaurant) => (
        <>
          <Text fw={600} size="sm">
            {restaurant.name}
          </Text>
          <Text size="sm" c="gray.7">
            {restaurant.address}
          </Text>
          <Text size="sm" c="gray.7">
            {restaurant.city}, {restaurant.country}
          </Text>
        </>
      ),
    },
    {
      header: t`Contact`,
      sort: 'email',
      sortLabel: t`Email`,
      noWrap: true,
      cell: (restaurant) => <ContactLines restaurant={restaurant} />,
    },
    { header: t`Integrations`, cell: (restaurant) => <IntegrationBadges restaurant={restaurant} /> },
    { header: t`Status`, sort: 'status', cell: (restaurant) => <StatusBadge isActive={restaurant.isActive} /> },
    { header: t`Actions`, cell: (restaurant) => <RestaurantActions restaurant={restaurant} onEdit={onEdit} /> },
  ];
}

/** Narrower screens: one card per restaurant, the same facts and actions as a table row. */
export function RestaurantCard({
  restaurant,
  onEdit,
}: {
  restaurant: Restaurant;
  onEdit: (restaurant: Restaurant) => void;
}) {
  return (
    <ListCard
      title={restaurant.name}
      badge={<StatusBadge isActive={restaurant.isActive} />}
      actions={<RestaurantActions restaurant={restaurant} onEdit={onEdit} />}
    >
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
    </ListCard>
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
