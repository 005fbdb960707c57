import { messages } from '@brigade/core/messages';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useCoreText } from '../../lib/i18n';
import { isFirstVisit } from '../../lib/session/first-visit';
import { AnnouncementsPanel } from './announcements-panel';
import { useHqDashboard } from './api/get-hq-dashboard';
import { DashboardContent } from './dashboard-content';
import { HqAuditRankingChart } from './hq-audit-ranking-chart';
import { HqAuditScoreTrendChart } from './hq-audit-score-trend-chart';
import { HqChecklistsPanel } from './hq-checklists-panel';
import { HqDueAuditsPanel } from './hq-due-audits-panel';
import { HqTrainingCompletionChart } from './hq-training-completion-chart';
import { PinnedAnnouncements } from './pinned-announcements';
import { RecentAuditsTable } from './recent-audits-table';
import { StatCard } from './stat-card';
import { SuggestedTrainingsPanel } from './suggested-trainings-panel';

/** /dashboard-hq (core §2 "HQ dashboard"): the chain at a glance, from one request. */
export function HqDashboardPage() {
  const { t, i18n } = useLingui();
  const { text, catalogue } = useCoreText();
  const me = useCurrentUser();
  const email = me.email;
  const dashboard = useHqDashboard();

  return (
    <>
      <PageHeader
        title={t`Headquarters Dashboard`}
        subtitle={isFirstVisit() ? t`Welcome to Brigade, ${email}` : t`Welcome back, ${email}`}
        actions={
          <>
            <Button component={Link} to="/audits-management" leftSection={<IconPlus size={18} aria-hidden />}>
              <Trans>New Audit</Trans>
            </Button>
            <Button
              component={Link}
              to="/hq-reports"
              variant="default"
              leftSection={<IconChartBar size={18} aria-hidden />}
            >
              <Trans>HQ Reports</Trans>
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
              aria-label={t`Key figures`}
              cols={{ base: 2, lg: 4 }}
              spacing={{ base: 'xs', sm: 'md' }}
            >
              <StatCard
                label={t`Total Restaurants`}
                value={data?.totalRestaurants ?? null}
                hint={t`Active restaurants`}
                icon={<IconBuildingStore size={24} />}
                color="indigo"
              />
              <StatCard
                label={t`Total Staff`}
                value={data?.totalStaff ?? null}
                hint={t`Active staff and managers`}
                icon={<IconUsers size={24} />}
                color="teal"
              />
              <StatCard
                label={t`Pending Audits`}
                value={data?.pendingAudits ?? null}
                hint={data ? catalogue.pendingAuditsTrend(data.pendingAudits) : null}
                icon={<IconClipboardList size={24} />}
                color="yellow"
              />
              <StatCard
                label={t`Overdue Trainings`}
                value={data?.overdueTrainings ?? null}
                hint={data ? overdueTrainingsHint(data.overdueTrainings, data.incompleteTrainings, i18n, text) : null}
                alert={(data?.overdueTrainings ?? 0) > 0}
                icon={<IconAlertTriangle size={24} />}
                color="red"
              />
            </SimpleGrid>
            <ActionCountsCard counts={data?.actions} />
            <HqChecklistsPanel panel={data?.checklists} />
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
function overdueTrainingsHint(
  overdue: number,
  incomplete: number,
  i18n: I18n,
  text: (english: string) => string,
): string {
  if (overdue > 0) return text(messages.actionNeeded);
  return i18n._(incomplete > 0 ? msg`None overdue, ${incomplete} incomplete` : msg`All trainings completed`);
}
