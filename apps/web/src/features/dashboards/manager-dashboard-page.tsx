import { noActiveRestaurantMessage } from '@brigade/core/messages';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Grid, SimpleGrid, Stack } from '@mantine/core';
import { IconClipboardList, IconSchool, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionCountsCard } from '../../components/action-counts-card';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { AnnouncementsPanel } from './announcements-panel';
import { useManagerDashboard } from './api/get-manager-dashboard';
import { ChecklistsToDoPanel } from './checklists-to-do-panel';
import { DashboardContent } from './dashboard-content';
import { ManagerAuditScoresChart } from './manager-audit-scores-chart';
import { ManagerDueAuditsPanel } from './manager-due-audits-panel';
import { ManagerTrainingProgressChart } from './manager-training-progress-chart';
import { PinnedAnnouncements } from './pinned-announcements';
import { RecentAuditsTable } from './recent-audits-table';
import { StaffProgressWidget } from './staff-progress-widget';
import { StatCard } from './stat-card';
import { SuggestedTrainingsPanel } from './suggested-trainings-panel';

/**
 * /dashboard-manager (core §2 "Manager dashboard"): the selected restaurant at a glance.
 * `sensors`: the temperature sensors' alerts of all the manager's restaurants (issue 37),
 * composed by the route table.
 */
export function ManagerDashboardPage({ sensors }: { sensors?: ReactNode }) {
  const { t } = useLingui();
  const me = useCurrentUser();
  const email = me.email;
  const { selectedRestaurant } = useSelectedRestaurant();

  return (
    <>
      <PageHeader
        title={t`Manager Dashboard`}
        subtitle={t`Welcome back, ${email}`}
        actions={
          <>
            <Button component={Link} to="/audits-management" variant="default">
              <Trans>View Audits</Trans>
            </Button>
            <Button component={Link} to="/training-assign">
              <Trans>Assign Training</Trans>
            </Button>
          </>
        }
      />
      <PinnedAnnouncements />
      <ChecklistsToDoPanel />
      {sensors && <Box mb="md">{sensors}</Box>}
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
  const { t } = useLingui();
  const { catalogue } = useCoreText();
  const name = restaurant.name;
  const dashboard = useManagerDashboard(restaurant.id);
  return (
    <DashboardContent query={dashboard}>
      {(data) => (
        <Stack gap="md">
          <SimpleGrid component="section" aria-label={t`Key figures of ${name}`} cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              label={t`Total Staff`}
              value={data?.totalStaff ?? null}
              hint={t`Staff of ${name}`}
              icon={<IconUsers size={24} />}
              color="teal"
              to="/staff-management"
            />
            <StatCard
              label={t`Pending Audits`}
              value={data?.pendingAudits ?? null}
              hint={data ? catalogue.pendingAuditsTrend(data.pendingAudits) : null}
              icon={<IconClipboardList size={24} />}
              color="yellow"
              to="/audits-management"
            />
            <StatCard
              label={t`Active Trainings`}
              value={data?.activeTrainings ?? null}
              hint={t`Incomplete assignments`}
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
