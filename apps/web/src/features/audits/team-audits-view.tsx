import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { messages } from '@brigade/core/messages';
import type { AuditListItem, AuditSort } from '@brigade/core/schemas/audits';
import type { RestaurantRef } from '@brigade/core/schemas/session';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { ScoreBadge } from '../../components/score-badge';
import { SearchInput } from '../../components/search-input';
import { SortSelect } from '../../components/sort-select';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { RestaurantNotice, useRestaurantNotice } from '../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { useAppRoute } from '../../lib/use-app-route';
import { exportQuery, useListParams } from '../../lib/use-list-params';
import { useAudits } from './api/get-audits';
import classes from './audit-card.module.css';
import { AUDIT_SORT, restaurantIdOf, sortOptions } from './audit-list-params';

const PAGE_TITLE = msg`Audits`;

/** Staff who work at several restaurants choose one; it is kept in the address (`?restaurantId=…`). */
const FILTER_KEYS = ['restaurantId'] as const;
/** One restaurant's audits: no restaurant to sort by. */
const SORT_COLUMNS = ['auditedAt', 'score', 'auditor', 'template'] as const;

/**
 * Managers and staff (core-operations §2 "Manager audits page"): the completed audits of
 * one restaurant as cards, searched and sorted, kept in the address. A manager reads the
 * selected restaurant; staff read theirs, choosing one here when they work at several.
 */
export function TeamAuditsView() {
  const { i18n, t } = useLingui();
  const me = useCurrentUser();
  const list = useListParams(AUDIT_SORT, FILTER_KEYS);
  const notice = useRestaurantNotice(useAppRoute());
  const { selectedRestaurant } = useSelectedRestaurant();

  if (me.role === 'manager') {
    if (notice || !selectedRestaurant) {
      return (
        <>
          <PageHeader title={i18n._(PAGE_TITLE)} />
          {notice && <RestaurantNotice message={notice} />}
        </>
      );
    }
    return <CompletedAudits list={list} restaurant={selectedRestaurant} />;
  }

  const chosenId = restaurantIdOf(list.filters.restaurantId);
  const restaurant = me.restaurants.find((candidate) => candidate.id === chosenId) ?? me.restaurants[0] ?? null;
  const picker =
    me.restaurants.length > 1 && restaurant ? (
      <Select
        label={t`Restaurant`}
        data={me.restaurants.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={restaurant.id}
        onChange={(value) => list.setFilters({ restaurantId: value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
      />
    ) : null;
  return <CompletedAudits list={list} restaurant={restaurant} picker={picker} />;
}

type TeamListParams = ReturnType<typeof useListParams<AuditSort, (typeof FILTER_KEYS)[number]>>;

interface CompletedAuditsProps {
  list: TeamListParams;
  restaurant: RestaurantRef | null;
  picker?: ReactNode;
}

function CompletedAudits({ list, restaurant, picker }: CompletedAuditsProps) {
  const { i18n, t } = useLingui();
  const { text } = useCoreText();
  const name = restaurant?.name;
  const restaurantId = restaurant?.id;
  const audits = useAudits({ ...list.query, pageSize: DEFAULT_PAGE_SIZE, restaurantId });
  useFirstPageOnNewRestaurant(restaurantId, list.setPage);
  const exportHref = `/api/audits/export.csv?${exportQuery({ ...list.query, restaurantId })}`;

  return (
    <>
      <PageHeader
        title={i18n._(PAGE_TITLE)}
        subtitle={name ? t`Completed audits of ${name}` : t`Completed audits of your restaurants`}
        actions={<ExportCsvButton href={exportHref} />}
      />
      <Stack>
        <FilterBar>
          <SearchInput
            label={t`Search audits`}
            placeholder={t`Restaurant, template or auditor`}
            value={list.search}
            onChange={list.setSearch}
          />
          {picker}
          <SortSelect
            options={sortOptions(i18n, SORT_COLUMNS)}
            sort={list.query.sort}
            order={list.query.order}
            onChange={list.setSort}
          />
        </FilterBar>

        <DataList
          query={audits}
          rowKey={(audit) => audit.id}
          card={(audit) => <AuditCard audit={audit} />}
          // Cards at every width, each one a link that opens its audit.
          showTable={false}
          cards={{ cols: { base: 1, sm: 2, xl: 3 }, framed: false }}
          onPageChange={list.setPage}
          labels={{ loading: t`Loading audits`, loadFailed: text(messages.auditsLoadFailed), pages: t`Audit pages` }}
          empty={{
            title: text(messages.noAuditsFound),
            description: text(list.query.search ? messages.tryDifferentSearch : messages.noCompletedAudits),
            icon: <IconClipboardCheck size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}

/**
 * A manager who selects another restaurant sees another list: it starts at its first
 * page (the search and sort stay, as they mean the same there).
 */
function useFirstPageOnNewRestaurant(restaurantId: string | undefined, setPage: (page: number) => void) {
  const shown = useRef(restaurantId);
  useEffect(() => {
    if (shown.current === restaurantId) return;
    shown.current = restaurantId;
    setPage(1);
  }, [restaurantId, setPage]);
}

/** An audit as a card that opens it: restaurant, date, 'By {auditor}', 'Score: n%'. */
function AuditCard({ audit }: { audit: AuditListItem }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const auditor = audit.auditorName ?? text(messages.deletedUser);
  return (
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
          <Text size="sm">
            <Trans>By {auditor}</Trans>
          </Text>
          <Text size="sm" c="gray.7">
            {audit.templateNames.join(', ')}
          </Text>
          <Group>
            <ScoreBadge status={audit.status} score={audit.finalScore} prefix={`${t`Score:`} `} size="lg" />
          </Group>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
