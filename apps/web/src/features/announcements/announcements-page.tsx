import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { ackMessages, messages } from '@brigade/core/messages';
import type { ManagedAnnouncement as Announcement } from '@brigade/core/schemas/announcements';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconEye, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { formatDate } from '../../lib/format-date';
import { useClampPage, usePagedList } from '../../lib/use-paged-list';
import { AnnouncementForm } from './announcement-form';
import classes from './announcements.module.css';
import { useDeleteAnnouncement } from './api/delete-announcement';
import { useAnnouncements } from './api/get-announcements';

/** What the inline form is doing: nothing, writing a new announcement, or editing one. */
type Editing = null | 'new' | { id: string };

/**
 * /announcements-management (hq, core §2 "Announcements"): search, New Announcement with
 * an inline form, edit in place and delete after confirming. `?new=1` (the dashboard
 * panel's Add) opens the form at once.
 */
export function AnnouncementsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(() => (searchParams.has('new') ? 'new' : null));
  const list = usePagedList('');
  const announcements = useAnnouncements({
    search: list.debouncedSearch,
    page: list.page,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const data = announcements.data;
  useClampPage(data, list.setPage);

  // The form is open now; a reload should not open it again.
  useEffect(() => {
    if (searchParams.has('new')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  const remove = useDeleteAnnouncement({
    onSuccess: () => notifications.show({ color: 'green', message: messages.announcementDeleted }),
    onError: () => notifications.show({ color: 'red', message: messages.announcementDeleteFailed }),
  });

  function askDelete(announcement: Announcement) {
    confirmDelete({
      title: 'Delete announcement',
      message: `Are you sure you want to delete "${announcement.title}"? ${messages.cannotBeUndone}`,
      onConfirm: () => remove.mutate(announcement.id),
    });
  }

  return (
    <>
      <PageHeader
        title="Announcements"
        subtitle="News for every restaurant, newest first"
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            disabled={editing === 'new'}
          >
            New Announcement
          </Button>
        }
      />
      <Stack>
        {editing === 'new' && <AnnouncementForm onDone={() => setEditing(null)} />}
        <SearchInput
          label="Search announcements"
          placeholder="Search announcements..."
          value={list.search}
          onChange={list.setSearch}
        />
        {announcements.isPending ? (
          <ListSkeleton />
        ) : announcements.isError && !data ? (
          <LoadError
            message={messages.announcementsLoadFailed}
            onRetry={() => void announcements.refetch()}
            retrying={announcements.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          list.debouncedSearch ? (
            <EmptyList
              title="No announcements found"
              description={messages.tryDifferentSearch}
              icon={<IconSpeakerphone size={28} aria-hidden />}
            />
          ) : (
            <EmptyList
              title={messages.noAnnouncements}
              description={messages.noAnnouncementsHint}
              icon={<IconSpeakerphone size={28} aria-hidden />}
            />
          )
        ) : data ? (
          <div aria-busy={announcements.isFetching || undefined}>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Announcements">
              {data.items.map((announcement) =>
                typeof editing === 'object' && editing?.id === announcement.id ? (
                  <li key={announcement.id}>
                    <AnnouncementForm announcementId={announcement.id} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <AnnouncementItem
                    key={announcement.id}
                    announcement={announcement}
                    onEdit={() => setEditing({ id: announcement.id })}
                    onDelete={() => askDelete(announcement)}
                  />
                ),
              )}
            </Stack>
            <ListPagination
              label="Announcement pages"
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              onChange={list.setPage}
            />
          </div>
        ) : null}
      </Stack>
    </>
  );
}

interface AnnouncementItemProps {
  announcement: Announcement;
  onEdit: () => void;
  onDelete: () => void;
}

function AnnouncementItem({ announcement, onEdit, onDelete }: AnnouncementItemProps) {
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} fz="lg" lh={1.35} className={classes.multiline}>
              {announcement.title}
            </Title>
            <Text size="sm" c="gray.7">
              By {announcement.createdByName ?? messages.deletedUser} · {formatDate(announcement.createdAt)}
            </Text>
            {announcement.requiresAck && (
              <Group gap="xs">
                <Badge variant="dot" color="orange.7" c="dark.7" tt="none">
                  {ackMessages.requiresAckLabel}
                </Badge>
                <Text size="xs" c="gray.7">
                  {audienceSummary(announcement)}
                </Text>
              </Group>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              component={Link}
              to={`/announcements/${announcement.id}`}
              size="xs"
              variant="default"
              leftSection={<IconEye size={14} aria-hidden />}
              aria-label={`Open ${announcement.title}`}
            >
              Open
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={`Edit ${announcement.title}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={`Delete ${announcement.title}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
        <Text size="sm" className={classes.multiline}>
          {announcement.description}
        </Text>
      </Stack>
    </Paper>
  );
}

/** "Everyone", or the chosen roles and the number of chosen restaurants. */
function audienceSummary({ audienceRoles, restaurantCount }: Announcement): string {
  const roles = audienceRoles.length === 0 ? 'Every role' : audienceRoles.join(', ');
  if (audienceRoles.length === 0 && restaurantCount === 0) return 'Everyone';
  const where =
    restaurantCount === 0 ? 'every restaurant' : `${restaurantCount} restaurant${restaurantCount === 1 ? '' : 's'}`;
  return `${roles} · ${where}`;
}

function ListSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading announcements">
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder p="md">
          <Stack gap={8}>
            <Skeleton height={18} width="45%" />
            <Skeleton height={10} width="25%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
