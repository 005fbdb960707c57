import { messages } from '@brigade/core/messages';
import { useLingui } from '@lingui/react/macro';
import { Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { parseAsString, useQueryState } from 'nuqs';
import { useState } from 'react';
import { ActionCountsCard } from '../../components/action-counts-card';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { useCoreText } from '../../lib/i18n';
import { useStorePerformance } from './api/get-store-performance';
import { AuditComplianceCard } from './audit-compliance-card';
import { ChecklistComplianceCard } from './checklist-compliance-card';
import { PerformanceCharts } from './performance-charts';
import { RecentAuditsSection, StaffMembersSection } from './performance-tables';
import { StatCards } from './stat-cards';
import { StoreVisitsSection } from './store-visits-section';

/**
 * /store-performance (hq): one restaurant at a glance (reports §2 "Store Performance").
 * The first active restaurant is chosen at first; clearing the choice shows nothing. The
 * chosen restaurant is kept in the address (`?restaurantId=…`), as are the tables' sorts,
 * so a reload or a shared link shows the same view.
 */
export function StorePerformancePage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const restaurants = useRestaurantOptions();
  const [chosen, setChosen] = useQueryState('restaurantId', parseAsString.withOptions({ history: 'replace' }));
  // Cleared on this visit: no restaurant, rather than the first one again.
  const [cleared, setCleared] = useState(false);
  const options = restaurants.data ?? [];
  // A restaurant that is not (or no longer) among the active ones counts as no choice.
  const choice = options.find((option) => option.id === chosen);
  const restaurant = choice ?? (cleared ? undefined : options[0]);
  const restaurantId = restaurant?.id ?? null;
  const choose = (id: string | null) => {
    setCleared(id === null);
    void setChosen(id);
  };

  return (
    <>
      <PageHeader title={t`Store Performance`} subtitle={t`Overview of key metrics and recent activities`} />
      <Stack gap="lg">
        {restaurants.isError ? (
          <LoadError
            message={text(messages.restaurantsLoadFailed)}
            onRetry={() => void restaurants.refetch()}
            retrying={restaurants.isFetching}
          />
        ) : (
          <Select
            label={t`Restaurant`}
            placeholder={t`Select Restaurant`}
            data={options.map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            value={restaurants.isPending ? null : restaurantId}
            onChange={choose}
            disabled={restaurants.isPending}
            clearable
            // Mantine hides its clear button from the keyboard and screen readers; this one is a real button.
            clearButtonProps={{ 'aria-label': t`Clear restaurant`, 'aria-hidden': false, tabIndex: 0 }}
            searchable
            nothingFoundMessage={t`No restaurants found`}
            w={{ base: '100%', xs: 320 }}
          />
        )}
        {restaurants.isPending ? (
          <PerformanceSkeleton />
        ) : restaurant ? (
          <RestaurantPerformance key={restaurant.id} restaurantId={restaurant.id} restaurantName={restaurant.name} />
        ) : restaurants.isSuccess ? (
          <Paper withBorder p="xl">
            <Stack align="center" gap="xs">
              <IconBuildingStore size={32} aria-hidden color="var(--mantine-color-gray-6)" />
              <Text c="gray.7" ta="center" role="status">
                {text(messages.selectRestaurantForPerformance)}
              </Text>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}

/**
 * Everything about one restaurant; visits and charts load on their own, so a failing
 * board or chart does not hold the rest.
 */
function RestaurantPerformance({ restaurantId, restaurantName }: { restaurantId: string; restaurantName: string }) {
  const { text } = useCoreText();
  const performance = useStorePerformance(restaurantId);
  const data = performance.data;

  return (
    <Stack gap="lg">
      {performance.isPending ? (
        <StatsSkeleton />
      ) : performance.isError && !data ? (
        <LoadError
          message={text(messages.storeDataLoadFailed)}
          onRetry={() => void performance.refetch()}
          retrying={performance.isFetching}
        />
      ) : data ? (
        <StatCards stats={data.stats} />
      ) : null}
      {data && <ActionCountsCard counts={data.actions} restaurantId={restaurantId} />}
      <PerformanceCharts restaurantId={restaurantId} restaurantName={restaurantName} />
      <StoreVisitsSection restaurantId={restaurantId} />
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <AuditComplianceCard compliance={data.auditCompliance} />
            <ChecklistComplianceCard compliance={data.checklistCompliance} />
          </SimpleGrid>
          <RecentAuditsSection audits={data.recentAudits} />
          <StaffMembersSection staff={data.staff} />
        </>
      )}
    </Stack>
  );
}

function StatsSkeleton() {
  const { t } = useLingui();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="md"
      role="status"
      aria-busy="true"
      aria-label={t`Loading performance data`}
    >
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} height={112} />
      ))}
    </SimpleGrid>
  );
}

function PerformanceSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t`Loading restaurants`}>
      <StatsSkeleton />
      <Skeleton height={160} />
    </Stack>
  );
}
