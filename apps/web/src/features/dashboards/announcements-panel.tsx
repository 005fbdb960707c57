import type { Announcement } from '@brigade/core/schemas/announcements';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Paper, Title, Tooltip } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { AnnouncementList } from './announcement-list';
import { AnnouncementsSkeleton } from './dashboard-skeleton';

const MANAGEMENT_PATH = '/announcements-management';

interface AnnouncementsPanelProps {
  /** `undefined` while the dashboard loads. */
  announcements: readonly Announcement[] | undefined;
  /** hq: Add and the eye icon to the management screen. */
  canManage: boolean;
}

/** The hq and manager dashboards' panel: the 5 most recent announcements (core §2 "Announcements"). */
export function AnnouncementsPanel({ announcements, canManage }: AnnouncementsPanelProps) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId} h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Announcements</Trans>
        </Title>
        {canManage && (
          <Group gap="xs" wrap="nowrap">
            <Button
              component={Link}
              to={`${MANAGEMENT_PATH}?new=1`}
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
            >
              <Trans>Add</Trans>
            </Button>
            <Tooltip label={t`Manage announcements`}>
              <ActionIcon
                component={Link}
                to={MANAGEMENT_PATH}
                variant="default"
                size="md"
                aria-label={t`Manage announcements`}
              >
                <IconEye size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {announcements ? <AnnouncementList announcements={announcements} /> : <AnnouncementsSkeleton />}
    </Paper>
  );
}
