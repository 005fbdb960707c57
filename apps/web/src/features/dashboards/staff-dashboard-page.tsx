import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconSchool, IconUser, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { AnnouncementList } from './announcement-list';
import { useStaffDashboard } from './api/get-staff-dashboard';
import { DashboardContent } from './dashboard-content';
import { AnnouncementsSkeleton } from './dashboard-skeleton';
import { PinnedAnnouncements } from './pinned-announcements';
import { StatCard } from './stat-card';

/** /dashboard-staff (core §2 "Staff dashboard"): own training figures and the news. */
export function StaffDashboardPage() {
  const me = useCurrentUser();
  const dashboard = useStaffDashboard();
  const announcementsId = useId();

  return (
    <>
      <PageHeader
        title="My Dashboard"
        subtitle={`Welcome back, ${me.name}`}
        actions={
          <>
            <Button component={Link} to="/my-trainings" leftSection={<IconSchool size={18} aria-hidden />}>
              Go to Trainings
            </Button>
            <Button component={Link} to="/profile" variant="default" leftSection={<IconUser size={18} aria-hidden />}>
              Update My Profile
            </Button>
          </>
        }
      />
      <PinnedAnnouncements />
      <DashboardContent query={dashboard}>
        {(data) => (
          <Stack gap="md">
            <SimpleGrid component="section" aria-label="My figures" cols={{ base: 1, xs: 3 }} spacing="md">
              <StatCard
                label="Trainings Completed"
                value={data?.trainingsCompleted ?? null}
                unit="courses"
                icon={<IconCircleCheck size={24} />}
                color="green"
              />
              <StatCard
                label="In Progress"
                value={data?.trainingsInProgress ?? null}
                unit="courses"
                icon={<IconClockHour4 size={24} />}
                color="indigo"
              />
              <StatCard
                label="Failed Attempts"
                value={data?.failedAttempts ?? null}
                unit="quizzes"
                icon={<IconX size={24} />}
                color="red"
              />
            </SimpleGrid>
            <Paper component="section" withBorder p="md" aria-labelledby={announcementsId}>
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="lg" id={announcementsId}>
                  Recent Announcements
                </Title>
              </Group>
              {data ? (
                <AnnouncementList
                  announcements={data.announcements}
                  emptyHint="News from head office will show here."
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
