import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { AuditListItem } from '@brigade/core/schemas/audits';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { Group, Paper, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { FilterBar } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { ScoreBadge } from '../../components/score-badge';
import { SearchInput } from '../../components/search-input';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { useClampPage, usePagedList } from '../../lib/use-paged-list';
import { useAudits } from './api/get-audits';
import classes from './audit-card.module.css';
import { AuditListSkeleton } from './hq-audit-list';

const PAGE_TITLE = 'Audits';

/**
 * Managers and staff (core-operations §2 "Manager audits page"): the completed audits of
 * one restaurant as cards. A manager reads the selected restaurant; staff read theirs,
 * choosing one here when they work at several.
 */
export function TeamAuditsView() {
  const me = useCurrentUser();
  return me.role === 'manager' ? <ManagerAudits /> : <StaffAudits restaurants={me.restaurants} />;
}

function ManagerAudits() {
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();
  if (notice || !selectedRestaurant) {
    return (
      <>
        <PageHeader title={PAGE_TITLE} />
        {notice && <RestaurantNotice message={notice} />}
      </>
    );
  }
  // Another restaurant is another list: search and page start over.
  return <CompletedAudits key={selectedRestaurant.id} restaurant={selectedRestaurant} />;
}

function StaffAudits({ restaurants }: { restaurants: readonly RestaurantRef[] }) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const restaurant = restaurants.find((candidate) => candidate.id === chosenId) ?? restaurants[0] ?? null;
  const picker =
    restaurants.length > 1 && restaurant ? (
      <Select
        label="Restaurant"
        data={restaurants.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={restaurant.id}
        onChange={setChosenId}
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
      />
    ) : null;
  return <CompletedAudits key={restaurant?.id ?? 'none'} restaurant={restaurant} picker={picker} />;
}

function CompletedAudits({ restaurant, picker }: { restaurant: RestaurantRef | null; picker?: ReactNode }) {
  const list = usePagedList(restaurant?.id ?? '');
  const audits = useAudits({
    search: list.debouncedSearch,
    page: list.page,
    pageSize: DEFAULT_PAGE_SIZE,
    restaurantId: restaurant?.id,
  });
  const data = audits.data;
  useClampPage(data, list.setPage);

  return (
    <>
      <PageHeader
        title={PAGE_TITLE}
        subtitle={restaurant ? `Completed audits of ${restaurant.name}` : 'Completed audits of your restaurants'}
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label="Search audits"
            placeholder="Restaurant, template or auditor"
            value={list.search}
            onChange={list.setSearch}
          />
          {picker}
        </FilterBar>

        {audits.isPending ? (
          <AuditListSkeleton />
        ) : audits.isError && !data ? (
          <LoadError
            message={messages.auditsLoadFailed}
            onRetry={() => void audits.refetch()}
            retrying={audits.isFetching}
          />
        ) : data && data.items.length === 0 ? (
          <EmptyList
            title={messages.noAuditsFound}
            description={list.debouncedSearch ? messages.tryDifferentSearch : messages.noCompletedAudits}
            icon={<IconClipboardCheck size={28} aria-hidden />}
          />
        ) : data ? (
          <div aria-busy={audits.isFetching || undefined}>
            <AuditCards audits={data.items} />
            <ListPagination
              label="Audit pages"
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

/** Each audit a card that opens it: restaurant, date, 'By {auditor}', 'Score: n%'. */
function AuditCards({ audits }: { audits: readonly AuditListItem[] }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {audits.map((audit) => (
        <li key={audit.id}>
          <UnstyledButton
            component={Link}
            to={`/audits/${encodeURIComponent(audit.id)}`}
            className={classes.card}
            w="100%"
            h="100%"
          >
            <Paper withBorder p="md" h="100%" className={classes.surface}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700} miw={0} style={{ overflowWrap: 'anywhere' }}>
                    {audit.restaurant.name}
                  </Text>
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(audit.auditedAt)}
                  </Text>
                </Group>
                <Text size="sm">By {audit.auditorName ?? messages.deletedUser}</Text>
                <Text size="sm" c="gray.7">
                  {audit.templateNames.join(', ')}
                </Text>
                <Group>
                  <ScoreBadge status={audit.status} score={audit.finalScore} prefix="Score: " size="lg" />
                </Group>
              </Stack>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
