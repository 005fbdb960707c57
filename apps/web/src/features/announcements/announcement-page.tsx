import { ackMessages, messages, noActiveRestaurantMessage } from '@brigade/core/messages';
import type { AckStatus, AnnouncementDetail } from '@brigade/core/schemas/announcements';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconUsers } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../components/data-list/data-table';
import { EmptyList } from '../../components/empty-list';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { OutboxItemStatus } from '../../components/outbox/outbox-item-status';
import { PageHeader } from '../../components/page-header';
import { useAcknowledgeAnnouncement, useWaitingAcknowledgement } from '../../lib/api/acknowledge-announcement';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import classes from './announcements.module.css';
import { useAcknowledgementCounts } from './api/get-acknowledgement-counts';
import { useAcknowledgementPeople } from './api/get-acknowledgement-people';
import { useAnnouncement } from './api/get-announcement';

const RESTAURANTS_PAGE_SIZE = 10;
const PEOPLE_PAGE_SIZE = 20;

/**
 * /announcements/{id} (issue 20): the announcement, "I have read this" for its audience,
 * and for hq (every restaurant) and a manager (their selected restaurant): acknowledged /
 * audience, per restaurant, and who has not acknowledged, paged.
 */
export function AnnouncementPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const announcement = useAnnouncement(id);
  if (announcement.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading the announcement`} maw={900}>
        <Skeleton height={28} width="50%" />
        <Skeleton height={14} width="30%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (!announcement.data) {
    const error = announcement.error;
    if (isApiError(error) && [400, 404].includes(error.status)) {
      return (
        <>
          <PageHeader title={t`Announcement`} />
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" maw={640}>
            {text(messages.announcementNotFound)}
          </Alert>
        </>
      );
    }
    return (
      <>
        <PageHeader title={t`Announcement`} />
        <LoadError
          message={text(messages.announcementsLoadFailed)}
          onRetry={() => void announcement.refetch()}
          retrying={announcement.isFetching}
        />
      </>
    );
  }
  return <AnnouncementView announcement={announcement.data} />;
}

function AnnouncementView({ announcement }: { announcement: AnnouncementDetail }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const waiting = useWaitingAcknowledgement(announcement.id);
  const acknowledge = useAcknowledgeAnnouncement({
    // Offline it waits in the outbox, and the page says so instead of the button.
    onSuccess: (acknowledgement) => {
      if (acknowledgement) notifications.show({ color: 'green', message: text(ackMessages.acknowledged) });
    },
    onError: () => notifications.show({ color: 'red', message: text(ackMessages.acknowledgeFailed) }),
  });
  const author = announcement.createdByName ?? text(messages.deletedUser);
  const date = formatDate(announcement.createdAt);
  const version = announcement.ackVersion;
  return (
    <>
      <PageHeader
        title={announcement.title}
        subtitle={t`By ${author} · ${date}`}
        actions={
          me.role === 'hq' ? (
            <Button
              component={Link}
              to="/announcements-management"
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              <Trans>Back to Announcements</Trans>
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md" maw={900}>
        <Paper withBorder p="md" component="article" aria-label={t`Announcement`}>
          <Stack gap="sm">
            {announcement.requiresAck && (
              <Group gap="xs">
                <Badge variant="dot" color="orange.7" c="dark.7" tt="none">
                  {text(ackMessages.requiresAckLabel)}
                </Badge>
                {announcement.ackVersion > 1 && (
                  <Badge variant="dot" color="blue.7" c="dark.7" tt="none">
                    <Trans>Version {version}</Trans>
                  </Badge>
                )}
              </Group>
            )}
            <Text className={classes.multiline}>{announcement.description}</Text>
            {announcement.requiresAck && announcement.inMyAudience && (
              <Group>
                {waiting && !announcement.acknowledgedAt ? (
                  <OutboxItemStatus item={waiting} what={t`Your acknowledgement`} />
                ) : announcement.acknowledgedAt ? (
                  <Text size="sm" role="status">
                    <IconCheck
                      size={16}
                      aria-hidden
                      color="var(--mantine-color-green-8)"
                      style={{ verticalAlign: 'text-bottom' }}
                    />{' '}
                    <AcknowledgedOn date={formatDate(announcement.acknowledgedAt)} />
                  </Text>
                ) : (
                  <Button
                    leftSection={<IconCheck size={16} aria-hidden />}
                    loading={acknowledge.isPending}
                    onClick={() => acknowledge.mutate({ id: announcement.id, title: announcement.title })}
                  >
                    {text(ackMessages.iHaveReadThis)}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Paper>
        {announcement.requiresAck && me.role === 'hq' && <HqAcknowledgements announcementId={announcement.id} />}
        {announcement.requiresAck && me.role === 'manager' && (
          <ManagerAcknowledgements announcementId={announcement.id} />
        )}
      </Stack>
    </>
  );
}

/** "You acknowledged this on 21 Nov 2026.": the audience's own acknowledgement. */
function AcknowledgedOn({ date }: { date: string }) {
  return <Trans>You acknowledged this on {date}.</Trans>;
}

function HqAcknowledgements({ announcementId }: { announcementId: string }) {
  const { t } = useLingui();
  const [restaurantId, setRestaurantId] = useState<string | null>(null);
  const options = useRestaurantOptions();
  return (
    <Stack gap="md">
      <Select
        label={t`Restaurant`}
        placeholder={t`All restaurants`}
        clearable
        searchable
        maw={360}
        data={(options.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
        value={restaurantId}
        onChange={setRestaurantId}
        nothingFoundMessage={t`No active restaurants`}
        error={options.isError ? t`Failed to load restaurants` : undefined}
      />
      <Acknowledgements
        key={restaurantId ?? 'all'}
        announcementId={announcementId}
        restaurantId={restaurantId ?? undefined}
      />
    </Stack>
  );
}

function ManagerAcknowledgements({ announcementId }: { announcementId: string }) {
  const { selectedRestaurant } = useSelectedRestaurant();
  if (!selectedRestaurant) return <RestaurantNotice message={noActiveRestaurantMessage} />;
  return (
    <Acknowledgements
      key={selectedRestaurant.id}
      announcementId={announcementId}
      restaurantId={selectedRestaurant.id}
    />
  );
}

/** The figures and the people, of the whole audience or of one restaurant. */
function Acknowledgements({ announcementId, restaurantId }: { announcementId: string; restaurantId?: string }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const headingId = useId();
  const [restaurantPage, setRestaurantPage] = useState(1);
  const counts = useAcknowledgementCounts({
    id: announcementId,
    restaurantId,
    page: restaurantPage,
    pageSize: RESTAURANTS_PAGE_SIZE,
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Acknowledgements</Trans>
        </Title>
        {counts.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading acknowledgements`}>
            <Skeleton height={18} width="30%" />
            <Skeleton height={8} />
          </Stack>
        ) : counts.isError && !counts.data ? (
          <LoadError
            message={text(ackMessages.loadFailed)}
            onRetry={() => void counts.refetch()}
            retrying={counts.isFetching}
          />
        ) : counts.data ? (
          <Stack gap="md" aria-busy={counts.isFetching || undefined}>
            <Stack gap={4}>
              <Tally acknowledged={counts.data.acknowledged} audience={counts.data.audience} />
            </Stack>
            {counts.data.restaurants.items.length > 0 && (
              <div>
                <DataTable
                  rows={counts.data.restaurants.items}
                  columns={[
                    { header: t`Restaurant`, rowHeader: true, cell: (row) => row.restaurant.name },
                    { header: t`Acknowledged`, align: 'right', cell: (row) => row.acknowledged },
                    { header: t`Audience`, align: 'right', cell: (row) => row.audience },
                  ]}
                  rowKey={(row) => row.restaurant.id}
                  caption={<Trans>Per restaurant</Trans>}
                  scroll={{ minWidth: 320 }}
                  tableProps={{ striped: true }}
                />
                <ListPagination
                  label={t`Restaurant pages`}
                  total={counts.data.restaurants.total}
                  page={counts.data.restaurants.page}
                  pageSize={counts.data.restaurants.pageSize}
                  onChange={setRestaurantPage}
                />
              </div>
            )}
          </Stack>
        ) : null}
        <People announcementId={announcementId} restaurantId={restaurantId} />
      </Stack>
    </Paper>
  );
}

/** "12 / 30 acknowledged", and the same as a bar. */
function Tally({ acknowledged, audience }: { acknowledged: number; audience: number }) {
  const { t } = useLingui();
  return (
    <>
      <Text fw={600} fz="xl" data-testid="ack-tally">
        <Trans>
          {acknowledged} / {audience} acknowledged
        </Trans>
      </Text>
      <Progress
        value={audience ? (100 * acknowledged) / audience : 0}
        aria-label={t`${acknowledged} of ${audience} acknowledged`}
        color="green"
      />
    </>
  );
}

function People({ announcementId, restaurantId }: { announcementId: string; restaurantId?: string }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const [status, setStatus] = useState<AckStatus>('pending');
  const [page, setPage] = useState(1);
  const people = useAcknowledgementPeople({
    id: announcementId,
    restaurantId,
    status,
    page,
    pageSize: PEOPLE_PAGE_SIZE,
  });
  const data = people.data;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t`Show`}
        value={status}
        onChange={(value) => {
          setStatus(value as AckStatus);
          setPage(1);
        }}
        data={[
          { value: 'pending', label: t`Not acknowledged` },
          { value: 'acknowledged', label: t`Acknowledged` },
        ]}
        maw={360}
      />
      {people.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading people`}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={16} />
          ))}
        </Stack>
      ) : people.isError && !data ? (
        <LoadError
          message={text(ackMessages.loadFailed)}
          onRetry={() => void people.refetch()}
          retrying={people.isFetching}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyList
          title={text(status === 'pending' ? ackMessages.everyoneAcknowledged : ackMessages.nobodyAcknowledged)}
          icon={<IconUsers size={28} aria-hidden />}
        />
      ) : data ? (
        <div aria-busy={people.isFetching || undefined}>
          <DataTable
            rows={data.items}
            columns={[
              { header: t`Name`, cell: (person) => person.name },
              { header: t`Role`, cell: (person) => person.role },
              ...(status === 'acknowledged'
                ? [
                    {
                      header: t`Acknowledged on`,
                      cell: (person: (typeof data.items)[number]) =>
                        person.acknowledgedAt ? formatDate(person.acknowledgedAt) : '',
                    },
                  ]
                : []),
            ]}
            rowKey={(person) => person.id}
            caption={<PeopleCaption status={status} total={data.total} />}
            scroll={{ minWidth: 320 }}
          />
          <ListPagination
            label={t`People pages`}
            total={data.total}
            page={data.page}
            pageSize={data.pageSize}
            onChange={setPage}
          />
        </div>
      ) : null}
    </Stack>
  );
}

/** "3 not acknowledged" / "5 acknowledged": the people table's caption. */
function PeopleCaption({ status, total }: { status: AckStatus; total: number }) {
  return status === 'pending' ? <Trans>{total} not acknowledged</Trans> : <Trans>{total} acknowledged</Trans>;
}
