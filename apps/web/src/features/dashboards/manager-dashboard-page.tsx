import { noActiveRestaurantMessage, pendingAuditsTrend } from '@brigade/core/messages';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { Button, Grid, SimpleGrid, Stack } from '@mantine/core';
import { IconClipboardList, IconSchool, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActionCountsCard } from '../../components/action-counts-card';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { RestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { AnnouncementsPanel } from './announcements-panel';
import { useManagerDashboard } from './api/get-manager-dashboard';
import { DashboardContent } from './dashboard-content';
import { ManagerAuditScoresChart } from './manager-audit-scores-chart';
import { ManagerDueAuditsPanel } from './manager-due-audits-panel';
import { ManagerTrainingProgressChart } from './manager-training-progress-chart';
import { PinnedAnnouncements } from './pinned-announcements';
import { RecentAuditsTable } from './recent-audits-table';
import { StaffProgressWidget } from './staff-progress-widget';
import { StatCard } from './stat-card';
import { SuggestedTrainingsPanel } from './suggested-trainings-panel';

/** /dashboard-manager (core §2 "Manager dashboard"): the selected restaurant at a glance. */
export function ManagerDashboardPage() {
  const me = useCurrentUser();
  const { selectedRestaurant } = useSelectedRestaurant();

  return (
    <>
      <PageHeader
        title="Manager Dashboard"
        subtitle={`Welcome back, ${me.email}`}
        actions={
          <>
            <Button component={Link} to="/audits-management" variant="default">
              View Audits
            </Button>
            <Button component={Link} to="/training-assign">
              Assign Training
            </Button>
          </>
        }
      />
      <PinnedAnnouncements />
      {selectedRestaurant ? (
        <RestaurantDashboard key={selectedRestaurant.id} restaurant={selectedRestaurant} />
      ) : (
        // A manager without an active restaurant: nothing to select, so say so where the figures would be.
        <RestaurantNotice message={noActiveRestaurantMessage} />
      )}
    </>
  );
}

function RestaurantDashboard({ restaurant }: { restaurant: RestaurantRef }) {
  const dashboard = useManagerDashboard(restaurant.id);
  return (
    <DashboardContent query={dashboard}>
      {(data) => (
        <Stack gap="md">
          <SimpleGrid
            component="section"
            aria-label={`Key figures of ${restaurant.name}`}
            cols={{ base: 1, xs: 3 }}
            spacing="md"
          >
            <StatCard
              label="Total Staff"
              value={data?.totalStaff ?? null}
              hint={`Staff of ${restaurant.name}`}
              icon={<IconUsers size={24} />}
              color="teal"
              to="/staff-management"
            />
            <StatCard
              label="Pending Audits"
              value={data?.pendingAudits ?? null}
              hint={data ? pendingAuditsTrend(data.pendingAudits) : null}
              icon={<IconClipboardList size={24} />}
              color="yellow"
              to="/audits-management"
            />
            <StatCard
              label="Active Trainings"
              value={data?.activeTrainings ?? null}
              hint="Incomplete assignments"
              icon={<IconSchool size={24} />}
              color="indigo"
              to="/training-assignments"
            />
          </SimpleGrid>
          <ActionCountsCard counts={data?.actions} />
          {/* Each chart asks for its own figures once the dashboard's have come and it nears the screen (issue 21). */}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ManagerAuditScoresChart restaurantId={restaurant.id} ready={data !== undefined} />
            <ManagerTrainingProgressChart restaurantId={restaurant.id} ready={data !== undefined} />
          </SimpleGrid>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
              <Stack gap="md">
                <RecentAuditsTable recentAudits={data?.recentAudits} />
                <AnnouncementsPanel announcements={data?.announcements} canManage={false} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
              <Stack gap="md">
                <ManagerDueAuditsPanel panel={data?.dueAudits} />
                <SuggestedTrainingsPanel restaurantId={restaurant.id} />
                <StaffProgressWidget staff={data?.staffProgress} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </DashboardContent>
  );
}
