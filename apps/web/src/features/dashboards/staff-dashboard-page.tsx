import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconSchool, IconUser, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { AnnouncementList } from './announcement-list';
import { useStaffDashboard } from './api/get-staff-dashboard';
import { ChecklistsToDoPanel } from './checklists-to-do-panel';
import { DashboardContent } from './dashboard-content';
import { AnnouncementsSkeleton } from './dashboard-skeleton';
import { PinnedAnnouncements } from './pinned-announcements';
import { StatCard } from './stat-card';

/** /dashboard-staff (core §2 "Staff dashboard"): own training figures and the news. */
export function StaffDashboardPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const name = me.name;
  const dashboard = useStaffDashboard();
  const announcementsId = useId();

  return (
    <>
      <PageHeader
        title={t`My Dashboard`}
        subtitle={t`Welcome back, ${name}`}
        actions={
          <>
            <Button component={Link} to="/my-trainings" leftSection={<IconSchool size={18} aria-hidden />}>
              <Trans>Go to Trainings</Trans>
            </Button>
            <Button component={Link} to="/profile" variant="default" leftSection={<IconUser size={18} aria-hidden />}>
              <Trans>Update My Profile</Trans>
            </Button>
          </>
        }
      />
      <PinnedAnnouncements />
      <ChecklistsToDoPanel />
      <DashboardContent query={dashboard}>
        {(data) => (
          <Stack gap="md">
            <SimpleGrid component="section" aria-label={t`My figures`} cols={{ base: 1, xs: 3 }} spacing="md">
              <StatCard
                label={t`Trainings Completed`}
                value={data?.trainingsCompleted ?? null}
                unit={t`courses`}
                icon={<IconCircleCheck size={24} />}
                color="green"
              />
              <StatCard
                label={t`In Progress`}
                value={data?.trainingsInProgress ?? null}
                unit={t`courses`}
                icon={<IconClockHour4 size={24} />}
                color="indigo"
              />
              <StatCard
                label={t`Failed Attempts`}
                value={data?.failedAttempts ?? null}
                unit={t`quizzes`}
                icon={<IconX size={24} />}
                color="red"
              />
            </SimpleGrid>
            <Paper component="section" withBorder p="md" aria-labelledby={announcementsId}>
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="lg" id={announcementsId}>
                  <Trans>Recent Announcements</Trans>
                </Title>
              </Group>
              {data ? (
                <AnnouncementList
                  announcements={data.announcements}
                  emptyHint={t`News from head office will show here.`}
                />
              ) : (
                <AnnouncementsSkeleton />
              )}
            </Paper>
          </Stack>
        )}
      </DashboardContent>
    </>
  );
}
