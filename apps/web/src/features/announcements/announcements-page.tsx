import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { ackMessages, messages } from '@brigade/core/messages';
import {
  ANNOUNCEMENT_SORTS,
  type ManagedAnnouncement as Announcement,
  type AnnouncementSort,
} from '@brigade/core/schemas/announcements';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconEye, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { DataList } from '../../components/data-list/data-list';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
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

const SORT_OPTIONS: readonly { value: AnnouncementSort; label: MessageDescriptor }[] = [
  { value: 'createdAt', label: msg`Posted date` },
  { value: 'title', label: msg`Title` },
  { value: 'author', label: msg`Author` },
];

/** The address keeps the acknowledgement filter: `?requiresAck=true` or `false`. */
const FILTER_KEYS = ['requiresAck'] as const;

/** `true`'s label is core's (`text()`), `false`'s the web's own. */
const ACK_FILTER_OPTIONS = [
  { value: 'true', label: ackMessages.requiresAckLabel },
  { value: 'false', label: msg`No acknowledgement` },
] as const;

/** The roles as the list's audience line writes them: "staff, manager · 2 restaurants". */
const ROLE_NAMES: Record<Announcement['audienceRoles'][number], MessageDescriptor> = {
  staff: msg`staff`,
  manager: msg`manager`,
  hq: msg`hq`,
};

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
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(() => (searchParams.has('new') ? 'new' : null));
  const list = useListParams(ANNOUNCEMENT_SORT, FILTER_KEYS);
  const requiresAck = ackFilterOf(list.filters.requiresAck);
  const announcements = useAnnouncements({
    ...list.query,
    pageSize: DEFAULT_PAGE_SIZE,
    requiresAck,
  });
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
    onSuccess: () => notifications.show({ color: 'green', message: text(messages.announcementDeleted) }),
    onError: () => notifications.show({ color: 'red', message: text(messages.announcementDeleteFailed) }),
  });

  function askDelete(announcement: Announcement) {
    const title = announcement.title;
    const cannotBeUndone = text(messages.cannotBeUndone);
    confirmDelete({
      title: t`Delete announcement`,
      message: t`Are you sure you want to delete "${title}"? ${cannotBeUndone}`,
      onConfirm: () => remove.mutate(announcement.id),
    });
  }

  return (
    <>
      <PageHeader
        title={t`Announcements`}
        subtitle={t`News for every restaurant`}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
            disabled={editing === 'new'}
          >
            <Trans>New Announcement</Trans>
          </Button>
        }
      />
      <Stack>
        {editing === 'new' && <AnnouncementForm onDone={() => setEditing(null)} />}
        <FilterBar>
          <SearchInput
            label={t`Search announcements`}
            placeholder={t`Search announcements...`}
            value={list.search}
            onChange={list.setSearch}
          />
          <Select
            label={t`Acknowledgement`}
            placeholder={t`All announcements`}
            data={[
              { value: ACK_FILTER_OPTIONS[0].value, label: text(ACK_FILTER_OPTIONS[0].label) },
              { value: ACK_FILTER_OPTIONS[1].value, label: i18n._(ACK_FILTER_OPTIONS[1].label) },
            ]}
            value={requiresAck ?? null}
            onChange={(value) => list.setFilters({ requiresAck: value })}
            clearable
            clearButtonProps={{ 'aria-label': t`Clear acknowledgement filter` }}
            w={{ base: '100%', xs: 240 }}
          />
          <SortSelect
            options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            sort={list.query.sort}
            order={list.query.order}
            onChange={list.setSort}
          />
        </FilterBar>
        <DataList
          query={announcements}
          rowKey={(announcement) => announcement.id}
          card={(announcement) =>
            typeof editing === 'object' && editing?.id === announcement.id ? (
              <AnnouncementForm announcementId={announcement.id} onDone={() => setEditing(null)} />
            ) : (
              <AnnouncementItem
                announcement={announcement}
                onEdit={() => setEditing({ id: announcement.id })}
                onDelete={() => askDelete(announcement)}
              />
            )
          }
          cards={{ cols: 1, framed: false }}
          showTable={false}
          onPageChange={list.setPage}
          labels={{
            loading: t`Loading announcements`,
            loadFailed: text(messages.announcementsLoadFailed),
            pages: t`Announcement pages`,
            list: t`Announcements`,
          }}
          empty={
            filtered
              ? {
                  title: t`No announcements found`,
                  description: text(messages.tryDifferentSearch),
                  icon: <IconSpeakerphone size={28} aria-hidden />,
                }
              : {
                  title: text(messages.noAnnouncements),
                  description: text(messages.noAnnouncementsHint),
                  icon: <IconSpeakerphone size={28} aria-hidden />,
                }
          }
        />
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
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const title = announcement.title;
  const author = announcement.createdByName ?? text(messages.deletedUser);
  const date = formatDate(announcement.createdAt);
  return (
    <Paper withBorder p="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} fz="lg" lh={1.35} className={classes.multiline}>
              {announcement.title}
            </Title>
            <Text size="sm" c="gray.7">
              <Trans>
                By {author} · {date}
              </Trans>
            </Text>
            {announcement.requiresAck && (
              <Group gap="xs">
                <Badge variant="dot" color="orange.7" c="dark.7" tt="none">
                  {text(ackMessages.requiresAckLabel)}
                </Badge>
                <Text size="xs" c="gray.7">
                  {audienceSummary(announcement, i18n)}
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
              aria-label={t`Open ${title}`}
            >
              <Trans>Open</Trans>
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={t`Edit ${title}`}
            >
              <Trans>Edit</Trans>
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={t`Delete ${title}`}
            >
              <Trans>Delete</Trans>
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
function audienceSummary({ audienceRoles, restaurantCount }: Announcement, i18n: I18n): string {
  const roles =
    audienceRoles.length === 0
      ? i18n._(msg`Every role`)
      : audienceRoles.map((role) => i18n._(ROLE_NAMES[role])).join(', ');
  if (audienceRoles.length === 0 && restaurantCount === 0) return i18n._(msg`Everyone`);
  const where =
    restaurantCount === 0
      ? i18n._(msg`every restaurant`)
      : i18n._(msg({ message: plural(restaurantCount, { one: '# restaurant', other: '# restaurants' }) }));
  return `${roles} · ${where}`;
}
