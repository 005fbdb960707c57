import { ACTIVITY_KINDS } from '@brigade/core/activity';
import { managerMaySee } from '@brigade/core/schemas/activity-log';
import { idField } from '@brigade/core/schemas/fields';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { parseAsString, useQueryStates } from 'nuqs';
import { useState } from 'react';
import { DataList } from '../../components/data-list/data-list';
import { useTableLayout } from '../../components/data-list/use-table-layout';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterBar, RestaurantFilter } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/current-user';
import { useSelectedRestaurant } from '../../lib/selected-restaurant';
import { ActivityCard, useActivityColumns, useKindLabel } from './activity-list';
import { activitySearch, useActivity } from './api/get-activity';
import { useActivityPeople } from './api/get-activity-people';
import { VerifyLog } from './verify-log';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The moment a calendar day starts where the viewer is (`2026-11-29` → its local
 * midnight in UTC); `nextDay` the start of the day after, the end of a range that
 * includes the day itself. Entries are in server time; days are the viewer's.
 */
function startOfLocalDay(day: string | null, nextDay = false): string | undefined {
  if (!day || !CALENDAR_DAY.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date + (nextDay ? 1 : 0));
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

const PARAMS = {
  person: parseAsString,
  restaurantId: parseAsString,
  kind: parseAsString,
  from: parseAsString,
  to: parseAsString,
  before: parseAsString,
  after: parseAsString,
};

/**
 * /activity-log (issue 36): who did what, when and from where. hq sees every entry and
 * may check the chain ("Verify"); a manager the record changes of the restaurant they
 * selected. Filters and the page live in the address; pages go by cursor, newest first.
 */
export function ActivityLogPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const isHq = me.role === 'hq';
  const { selectedRestaurant } = useSelectedRestaurant();
  const [params, setParams] = useQueryStates(PARAMS, { history: 'replace' });
  const kindLabel = useKindLabel();
  const showTable = useTableLayout();
  const columns = useActivityColumns(isHq);

  const valid = (id: string | null) => (id && idField.safeParse(id).success ? id : undefined);
  const restaurantId = isHq ? valid(params.restaurantId) : selectedRestaurant?.id;
  // A manager is offered only the kinds they can see.
  const kinds = isHq ? ACTIVITY_KINDS : ACTIVITY_KINDS.filter(managerMaySee);
  const kind = kinds.find((value) => value === params.kind);
  const filters = {
    actorId: valid(params.person),
    restaurantId,
    kind,
    from: startOfLocalDay(params.from),
    to: startOfLocalDay(params.to, true),
  };
  const activity = useActivity({ ...filters, before: params.before ?? undefined, after: params.after ?? undefined });
  /** A new filter starts again at the newest entries. */
  const setFilter = (changes: Partial<Record<'person' | 'restaurantId' | 'kind' | 'from' | 'to', string | null>>) =>
    void setParams({ ...changes, before: null, after: null });

  const activeFilters = [filters.actorId, isHq && restaurantId, kind, params.from, params.to].filter(Boolean).length;
  const page = activity.data;

  return (
    <>
      <PageHeader
        title={t`Activity Log`}
        subtitle={
          isHq
            ? t`Who changed what, when and from where: every sign-in, change and export`
            : t`Changes to your restaurant's records: who, when and what`
        }
        actions={
          <Group gap="sm">
            <ExportCsvButton href={`/api/activity.csv?${activitySearch(filters)}`} />
            {isHq && <VerifyLog />}
          </Group>
        }
      />
      <Stack>
        <FilterBar activeFilters={activeFilters}>
          <PersonFilter
            value={filters.actorId ?? null}
            knownName={page?.items.find((entry) => entry.actor.id === filters.actorId)?.actor.name ?? null}
            restaurantId={isHq ? undefined : restaurantId}
            onChange={(person) => setFilter({ person })}
          />
          {isHq && (
            <RestaurantFilter value={restaurantId ?? null} onChange={(value) => setFilter({ restaurantId: value })} />
          )}
          <Select
            label={t`Activity`}
            placeholder={t`All activity`}
            data={kinds.map((value) => ({ value, label: kindLabel(value) }))}
            value={kind ?? null}
            onChange={(value) => setFilter({ kind: value })}
            clearable
            clearButtonProps={{ 'aria-label': t`Clear activity filter` }}
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            type="date"
            label={t`From`}
            value={params.from ?? ''}
            onChange={(event) => setFilter({ from: event.currentTarget.value || null })}
            w={{ base: '100%', xs: 160 }}
          />
          <TextInput
            type="date"
            label={t`To`}
            value={params.to ?? ''}
            onChange={(event) => setFilter({ to: event.currentTarget.value || null })}
            w={{ base: '100%', xs: 160 }}
          />
        </FilterBar>

        <DataList
          query={{ ...activity, data: page?.items }}
          columns={columns}
          rowKey={(entry) => entry.id}
          card={(entry) => <ActivityCard entry={entry} showRestaurant={isHq} />}
          showTable={showTable}
          tableProps={{ fz: 'sm' }}
          labels={{ loading: t`Loading the activity log`, loadFailed: t`Failed to load the activity log` }}
          empty={{
            title: t`No activity found`,
            description: activeFilters
              ? t`Try other filters.`
              : t`Sign-ins, changes and exports appear here as they happen.`,
            icon: <IconHistory size={28} aria-hidden />,
          }}
        />
        {page && (page.newer || page.older) && (
          <Group component="nav" aria-label={t`Activity log pages`} justify="center">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={!page.newer}
              onClick={() => void setParams({ after: page.newer, before: null })}
            >
              <Trans>Newer</Trans>
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={!page.older}
              onClick={() => void setParams({ before: page.older, after: null })}
            >
              <Trans>Older</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}

/** "Person": type a name, choose; the server searches (a manager: people of their restaurant). */
function PersonFilter({
  value,
  knownName,
  restaurantId,
  onChange,
}: {
  value: string | null;
  /** The person's name as the page's entries give it: the choice's label after a reload. */
  knownName: string | null;
  restaurantId: string | undefined;
  onChange: (personId: string | null) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 250);
  const people = useActivityPeople(settled, restaurantId);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (people.data ?? []).map((person) => ({ value: person.id, label: person.name }));
  // The chosen person stays a choice while another name is typed (or, after a reload, is known from the entries).
  const current = chosen && value === chosen.value ? chosen : value && knownName ? { value, label: knownName } : null;
  if (current && !options.some((option) => option.value === current.value)) options.unshift(current);
  return (
    <Select
      label={t`Person`}
      placeholder={t`Everyone`}
      data={options}
      value={value}
      onChange={(id, option) => {
        setChosen(id && option ? { value: id, label: option.label } : null);
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': t`Clear person filter` }}
      nothingFoundMessage={t`No people found`}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
