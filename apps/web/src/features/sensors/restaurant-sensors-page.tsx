import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconTemperature } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { useSensorExcursions } from './api/get-sensor-excursions';
import { useSensorStatus } from './api/get-sensor-status';
import { SensorAlerts } from './sensor-alerts';
import { SensorChart } from './sensor-chart';
import { useFollowSelectedRestaurant } from './use-follow-selected-restaurant';

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Temperatures';

/**
 * /sensors/:restaurantId (issue 37, hq and the restaurant's managers): a restaurant's
 * sensors — live excursions and offline sensors first, then each device's current value,
 * state and its 24 h or 7 day chart with the limits drawn. Managers come from their
 * dashboard's sensor panel, hq from Sensors.
 */
export function RestaurantSensorsPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const { restaurantId = '' } = useParams();
  useFollowSelectedRestaurant(restaurantId);
  const status = useSensorStatus(restaurantId);
  const live = useSensorExcursions({ restaurantId, state: 'live' });
  const restaurantName = status.data?.restaurant.name;

  const header = (
    <PageHeader
      title={text(PAGE_TITLE)}
      subtitle={restaurantName}
      actions={
        me.role === 'hq' ? (
          <Anchor component={Link} to="/sensors" fw={600}>
            <Trans>All sensors</Trans>
          </Anchor>
        ) : undefined
      }
    />
  );

  if (status.isPending) {
    return (
      <>
        {header}
        <Stack role="status" aria-busy="true" aria-label={t`Loading the sensors`}>
          <Skeleton height={80} />
          <Skeleton height={300} />
        </Stack>
      </>
    );
  }
  if (status.isError) {
    return (
      <>
        {header}
        {isApiError(status.error) && [403, 404].includes(status.error.status) ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {text(status.error.message)}
          </Alert>
        ) : (
          <LoadError
            message={t`Failed to load the sensors`}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        )}
      </>
    );
  }

  const { devices, restaurant } = status.data;
  return (
    <Stack gap="md">
      {header}
      {devices.length === 0 ? (
        <EmptyList
          title={t`No sensors yet`}
          description={
            me.role === 'hq' ? (
              <Trans>
                Register this restaurant's fridges, freezers and hot-holding units on{' '}
                <Anchor component={Link} to="/sensors" underline="always">
                  Sensors
                </Anchor>
                ; their readings and charts appear here.
              </Trans>
            ) : (
              t`Head office registers the restaurant's temperature sensors; their readings and charts appear here.`
            )
          }
          icon={<IconTemperature aria-hidden />}
        />
      ) : (
        <>
          {live.isError && (
            <LoadError
              message={t`Failed to load the live excursions`}
              onRetry={() => void live.refetch()}
              retrying={live.isFetching}
            />
          )}
          <SensorAlerts
            excursions={live.data?.items ?? []}
            offline={devices.filter((device) => device.state === 'offline')}
            timeZone={restaurant.timeZone}
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {devices.map((device) => (
              <SensorChart key={device.id} device={device} timeZone={restaurant.timeZone} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
