import { messages, pendingAuditsTrend } from '@brigade/core/messages';
import { Button, Grid, SimpleGrid, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconChartBar,
  IconClipboardList,
  IconPlus,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActionCountsCard } from '../../components/action-counts-card';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { AnnouncementsPanel } from './announcements-panel';
import { useHqDashboard } from './api/get-hq-dashboard';
import { DashboardContent } from './dashboard-content';
import { HqAuditRankingChart } from './hq-audit-ranking-chart';
import { HqAuditScoreTrendChart } from './hq-audit-score-trend-chart';
import { HqDueAuditsPanel } from './hq-due-audits-panel';
import { HqTrainingCompletionChart } from './hq-training-completion-chart';
import { PinnedAnnouncements } from './pinned-announcements';
import { RecentAuditsTable } from './recent-audits-table';
import { StatCard } from './stat-card';
import { SuggestedTrainingsPanel } from './suggested-trainings-panel';

/** /dashboard-hq (core §2 "HQ dashboard"): the chain at a glance, from one request. */
export function HqDashboardPage() {
  const me = useCurrentUser();
  const dashboard = useHqDashboard();

  return (
    <>
      <PageHeader
        title="Headquarters Dashboard"
        subtitle={`Welcome back, ${me.email}`}
        actions={
          <>
            <Button component={Link} to="/audits-management" leftSection={<IconPlus size={18} aria-hidden />}>
              New Audit
            </Button>
            <Button
              component={Link}
              to="/hq-reports"
              variant="default"
              leftSection={<IconChartBar size={18} aria-hidden />}
            >
              HQ Reports
            </Button>
          </>
        }
      />
      <PinnedAnnouncements />
      <DashboardContent query={dashboard}>
        {(data) => (
          <Stack gap="md">
            <SimpleGrid
              component="section"
              aria-label="Key figures"
              cols={{ base: 2, lg: 4 }}
              spacing={{ base: 'xs', sm: 'md' }}
            >
              <StatCard
                label="Total Restaurants"
                value={data?.totalRestaurants ?? null}
                hint="Active restaurants"
                icon={<IconBuildingStore size={24} />}
                color="indigo"
              />
              <StatCard
                label="Total Staff"
                value={data?.totalStaff ?? null}
                hint="Active staff and managers"
                icon={<IconUsers size={24} />}
                color="teal"
              />
              <StatCard
                label="Pending Audits"
                value={data?.pendingAudits ?? null}
                hint={data ? pendingAuditsTrend(data.pendingAudits) : null}
                icon={<IconClipboardList size={24} />}
                color="yellow"
              />
              <StatCard
                label="Overdue Trainings"
                value={data?.overdueTrainings ?? null}
                hint={data ? overdueTrainingsHint(data.overdueTrainings, data.incompleteTrainings) : null}
                alert={(data?.overdueTrainings ?? 0) > 0}
                icon={<IconAlertTriangle size={24} />}
                color="red"
              />
            </SimpleGrid>
            <ActionCountsCard counts={data?.actions} />
            <HqDueAuditsPanel panel={data?.dueAudits} />
            <SuggestedTrainingsPanel restaurantId={null} />
            {/* Each chart asks for its own figures once the dashboard's have come and it nears the screen (issue 21). */}
            <HqAuditScoreTrendChart ready={data !== undefined} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <HqAuditRankingChart ready={data !== undefined} />
              <HqTrainingCompletionChart ready={data !== undefined} />
            </SimpleGrid>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, xl: 5 }}>
                <AnnouncementsPanel announcements={data?.announcements} canManage />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xl: 7 }}>
                <RecentAuditsTable recentAudits={data?.recentAudits} />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </DashboardContent>
    </>
  );
}

/**
 * The line under Overdue Trainings: the spec's "Action needed" while any assignment is
 * past its due date; otherwise how many are incomplete but not yet due.
 */
function overdueTrainingsHint(overdue: number, incomplete: number): string {
  if (overdue > 0) return messages.actionNeeded;
  return incomplete > 0 ? `None overdue, ${incomplete} incomplete` : 'All trainings completed';
}
