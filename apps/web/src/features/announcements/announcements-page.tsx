import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { ackMessages, messages } from '@brigade/core/messages';
import {
  ANNOUNCEMENT_SORTS,
  type ManagedAnnouncement as Announcement,
  type AnnouncementSort,
} from '@brigade/core/schemas/announcements';
import { Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconEye, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { FilterBar } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { formatDate } from '../../lib/format-date';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useClampPage } from '../../lib/use-paged-list';
import { AnnouncementForm } from './announcement-form';
import classes from './announcements.module.css';
import { useDeleteAnnouncement } from './api/delete-announcement';
import { useAnnouncements } from './api/get-announcements';

/** What the inline form is doing: nothing, writing a new announcement, or editing one. */
type Editing = null | 'new' | { id: string };

const ANNOUNCEMENT_SORT: ListSortSpec<AnnouncementSort> = {
  columns: ANNOUNCEMENT_SORTS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  descendingFirst: ['createdAt'],
};

const SORT_OPTIONS: readonly { value: AnnouncementSort; label: string }[] = [
  { value: 'createdAt', label: 'Posted date' },
  { value: 'title', label: 'Title' },
  { value: 'author', label: 'Author' },
];

/** The address keeps the acknowledgement filter: `?requiresAck=true` or `false`. */
const FILTER_KEYS = ['requiresAck'] as const;

const ACK_FILTER_OPTIONS = [
  { value: 'true', label: ackMessages.requiresAckLabel },
  { value: 'false', label: 'No acknowledgement' },
];

/** The filter from the address, or none: a hand-edited address may hold something else. */
function ackFilterOf(value: string | null): 'true' | 'false' | undefined {
  return value === 'true' || value === 'false' ? value : undefined;
}

/**
 * /announcements-management (hq, core §2 "Announcements"): search, filter on
 * acknowledgement and sort, all kept in the address; New Announcement with an inline
 * form, edit in place and delete after confirming. `?new=1` (the dashboard panel's Add)
 * opens the form at once.
 */
export function AnnouncementsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(() => (searchParams.has('new') ? 'new' : null));
  const list = useListParams(ANNOUNCEMENT_SORT, FILTER_KEYS);
  const requiresAck = ackFilterOf(list.filters.requiresAck);
  const announcements = useAnnouncements({
    ...list.query,
    pageSize: DEFAULT_PAGE_SIZE,
    requiresAck,
  });
  const data = announcements.data;
  useClampPage(data, list.setPage);
  const filtered = Boolean(list.query.search || requiresAck);

  // The form is open now; a reload should not open it again. The list's own parameters stay.
  useEffect(() => {
    if (!searchParams.has('new')) return;
    setSearchParams(
      (params) => {
        params.delete('new');
        return params;
      },
      { replace: true },
    );
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
        subtitle="News for every restaurant"
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
        <FilterBar>
          <SearchInput
            label="Search announcements"
            placeholder="Search announcements..."
            value={list.search}
            onChange={list.setSearch}
          />
          <Select
            label="Acknowledgement"
            placeholder="All announcements"
            data={ACK_FILTER_OPTIONS}
            value={requiresAck ?? null}
            onChange={(value) => list.setFilters({ requiresAck: value })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear acknowledgement filter' }}
            w={{ base: '100%', xs: 240 }}
          />
          <SortSelect options={SORT_OPTIONS} sort={list.query.sort} order={list.query.order} onChange={list.setSort} />
        </FilterBar>
        {announcements.isPending ? (
          <ListSkeleton />
        ) : announcements.isError && !data ? (
          <LoadError
            message={messages.announcementsLoadFailed}
            onRetry={() => void announcements.refetch()}
            retrying={announcements.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          filtered ? (
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
