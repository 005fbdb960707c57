import { localDay } from '@brigade/core/restaurant-time';
import { appRoutes } from '@brigade/core/routes';
import { idField } from '@brigade/core/schemas/fields';
import {
  addDays,
  FOOD_SAFETY_LOG_PERIODS,
  type FoodSafetyLog,
  type FoodSafetyLogPeriod,
  type FoodSafetyLogQuery,
} from '@brigade/core/schemas/food-safety-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconClipboardCheck, IconDownload, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { logSearch, useFoodSafetyLog } from './api/get-food-safety-log';
import classes from './food-safety-log.module.css';
import { LogControls } from './log-controls';
import { restaurantMoment, usePeriodLabel } from './log-format';
import { LogRecords } from './log-records';
import { LogSensors } from './log-sensors';
import { LogSignOff } from './log-sign-off';

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Food Safety Log';
/** This page's row of the route table (its restaurant notice), found without the router's matches. */
const ROUTE = appRoutes.find((route) => route.path === '/food-safety-log') ?? null;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today where the reader is: the first day shown until they choose another. */
const readersToday = () => localDay(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * /food-safety-log (issue 33): a restaurant's checklist records of a day, week or month,
 * ready to hand to an inspector. hq chooses the restaurant, managers see their selected
 * one. The period and day (and hq's restaurant) are in the address. The page prints
 * without the app around it and its controls; the PDF and the CSV are the same log.
 */
export function FoodSafetyLogPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const notice = useRestaurantNotice(ROUTE);
  const { selectedRestaurant } = useSelectedRestaurant();
  const [params, setParams] = useSearchParams();
  const isHq = me.role === 'hq';

  const asked = params.get('period');
  const period: FoodSafetyLogPeriod = FOOD_SAFETY_LOG_PERIODS.find((value) => value === asked) ?? 'day';
  const askedDay = params.get('from') ?? '';
  const from = DAY.test(askedDay) ? askedDay : readersToday();
  const askedRestaurant = params.get('restaurantId');
  const restaurantId = isHq
    ? askedRestaurant && idField.safeParse(askedRestaurant).success
      ? askedRestaurant
      : null
    : (selectedRestaurant?.id ?? null);
  const query: FoodSafetyLogQuery | null = restaurantId ? { restaurantId, period, from } : null;
  const log = useFoodSafetyLog(query);

  function change(next: { period?: FoodSafetyLogPeriod; from?: string; restaurantId?: string | null }) {
    const updated = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) updated.set(key, value);
      else updated.delete(key);
    }
    setParams(updated, { replace: true });
  }

  if (!isHq && (notice || !selectedRestaurant)) {
    return (
      <>
        <PageHeader title={text(PAGE_TITLE)} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }

  return (
    <div className={classes.log}>
      <PageHeader title={text(PAGE_TITLE)} />
      <Stack gap="md" className={classes.controls} mb="lg">
        {isHq && <RestaurantChoice value={restaurantId} onChange={(id) => change({ restaurantId: id })} />}
        <LogControls period={period} from={from} onChange={(next) => change(next)} />
        {query && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
            >
              <Trans>Print</Trans>
            </Button>
            <Button
              component="a"
              href={`/api/food-safety-log/pdf?${logSearch(query)}`}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              <Trans>Download PDF</Trans>
            </Button>
            <Button
              component="a"
              href={`/api/food-safety-log/csv?${logSearch(query)}`}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              <Trans>Download CSV</Trans>
            </Button>
          </Group>
        )}
      </Stack>

      {!query ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          <Trans>Choose a restaurant to see its food-safety log.</Trans>
        </Alert>
      ) : log.data ? (
        <LogBody log={log.data} loading={log.isPlaceholderData} />
      ) : log.isPending ? (
        <LogSkeleton />
      ) : isApiError(log.error) && [403, 404].includes(log.error.status) ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {text(log.error.message)}
        </Alert>
      ) : (
        <LoadError
          message={t`The food-safety log could not be loaded.`}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      )}
    </div>
  );
}

function RestaurantChoice({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useLingui();
  const restaurants = useRestaurantOptions();
  return (
    <Select
      label={t`Restaurant`}
      placeholder={t`Choose a restaurant`}
      data={(restaurants.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={t`No restaurants found`}
      error={restaurants.isError ? t`The restaurants could not be loaded.` : undefined}
      w={{ base: '100%', xs: 320 }}
      size="md"
    />
  );
}

/** The log read: restaurant, period and zone, the sign-offs, the sign-off button, and the records day by day. */
function LogBody({ log, loading }: { log: FoodSafetyLog; loading: boolean }) {
  const { t } = useLingui();
  const periodLabel = usePeriodLabel();
  const zone = log.restaurant.timeZone;
  return (
    <Stack gap="lg" aria-busy={loading || undefined} style={loading ? { opacity: 0.6 } : undefined}>
      <Stack gap={4}>
        <Text fz="xl" fw={700}>
          {log.restaurant.name}
        </Text>
        <Text fz="lg" fw={600}>
          {periodLabel(log.period, log.start, log.end)}
        </Text>
        <Text size="sm" c="gray.7">
          <Trans>Days and times are the restaurant's ({zone}).</Trans>
        </Text>
      </Stack>
      <SignOffs log={log} />
      <div className={classes.controls}>
        <LogSignOff log={log} />
      </div>
      {log.records.length === 0 ? (
        <EmptyList title={t`No checklist records in this period`} icon={<IconClipboardCheck size={28} aria-hidden />} />
      ) : (
        <LogRecords log={log} />
      )}
      {log.sensors && log.sensors.length > 0 && <LogSensors devices={log.sensors} timeZone={zone} />}
    </Stack>
  );
}

/** Every sign-off covering the period, as the PDF's header lists them. */
function SignOffs({ log }: { log: FoodSafetyLog }) {
  const { t } = useLingui();
  const periodLabel = usePeriodLabel();
  // The period's own sign-off is the line under it (LogSignOff); the rest are listed here.
  const others = log.signOffs.filter((each) => each.period !== log.period || each.startsOn !== log.start);
  if (others.length < log.signOffs.length && others.length === 0) return null;
  if (log.signOffs.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        <Trans>Not signed off</Trans>
      </Text>
    );
  }
  return (
    <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Sign-offs`}>
      {others.map((signOff) => {
        const name = signOff.signedBy;
        const at = restaurantMoment(signOff.signedAt, log.restaurant.timeZone);
        const what =
          signOff.period === 'day'
            ? periodLabel('day', signOff.startsOn, signOff.startsOn)
            : periodLabel('week', signOff.startsOn, addDays(signOff.startsOn, 6));
        return (
          <Text component="li" size="sm" key={`${signOff.period} ${signOff.startsOn}`}>
            {signOff.period === 'day' ? (
              <Trans>
                Day {what}: signed off by {name} at {at}
              </Trans>
            ) : (
              <Trans>
                Week {what}: signed off by {name} at {at}
              </Trans>
            )}
          </Text>
        );
      })}
    </Stack>
  );
}

function LogSkeleton() {
  const { t } = useLingui();
  return (
    <Stack role="status" aria-busy="true" aria-label={t`Loading food-safety log`}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={18} width="30%" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={96} />
      ))}
    </Stack>
  );
}
