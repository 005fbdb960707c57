import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { AuditDueEntry } from '@brigade/core/schemas/audit-schedules';
import { Badge, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { ListPagination } from '../../components/list-pagination';
import { LoadError } from '../../components/load-error';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { formatPeriod } from '../../lib/format-period';
import { useDueAudits } from './api/get-due-audits';

const FILTERS = [
  { value: 'soon', label: 'Due this week' },
  { value: 'missed', label: 'Missed' },
  { value: 'open', label: 'All open' },
  { value: 'completed', label: 'Completed' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];
const PAGE_SIZE = 20;

/**
 * The due audits of the chain or one restaurant (?restaurantId=, as the dashboard links
 * here), filtered and paged on the server; each open one can be started as an audit.
 */
export function DueAuditsSection() {
  const [params, setParams] = useSearchParams();
  const filter = (FILTERS.find((option) => option.value === params.get('filter'))?.value ?? 'open') as Filter;
  const restaurantId = params.get('restaurantId') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const restaurants = useRestaurantOptions();
  const due = useDueAudits({ filter, restaurantId, page, pageSize: PAGE_SIZE });

  function setParam(name: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  }

  return (
    <section aria-labelledby="due-heading">
      <Title order={2} fz="lg" mb="sm" id="due-heading">
        Due Audits
      </Title>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            data={[...FILTERS]}
            value={filter}
            onChange={(value) => setParam('filter', value)}
            aria-label="Which due audits"
            size="xs"
            fullWidth
            style={{ flex: '1 1 320px' }}
          />
          <Select
            label="Restaurant"
            placeholder="All restaurants"
            clearable
            searchable
            data={(restaurants.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            value={restaurantId ?? null}
            onChange={(value) => setParam('restaurantId', value)}
            style={{ flex: '1 1 220px' }}
          />
        </Group>
        {due.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading due audits">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={64} />
            ))}
          </Stack>
        ) : due.isError && !due.data ? (
          <LoadError
            message={scheduleMessages.dueLoadFailed}
            onRetry={() => void due.refetch()}
            retrying={due.isFetching}
          />
        ) : due.data && due.data.items.length === 0 ? (
          <EmptyList
            title={scheduleMessages.noDueAudits}
            description={
              filter === 'completed' ? 'No scheduled audit completed yet.' : scheduleMessages.noDueAuditsHint
            }
            icon={<IconCalendarCheck size={28} aria-hidden />}
          />
        ) : due.data ? (
          <>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Due audits">
              {due.data.items.map((entry) => (
                <DueEntryRow key={entry.id} entry={entry} />
              ))}
            </Stack>
            <ListPagination
              total={due.data.total}
              page={page}
              pageSize={PAGE_SIZE}
              onChange={(next) => setParam('page', String(next))}
              label="Due audits pages"
            />
          </>
        ) : null}
      </Stack>
    </section>
  );
}

/** Filled colours whose text keeps 4.5:1 contrast, as ScoreBadge's (yellow 4 carries black text). */
const STATUS_BADGES = {
  due: { label: 'Due', color: 'yellow.4' },
  missed: { label: 'Missed', color: 'red.9' },
  completed: { label: 'Completed', color: '#277c38' },
} as const;

function DueEntryRow({ entry }: { entry: AuditDueEntry }) {
  const badge = STATUS_BADGES[entry.status];
  const label = `${entry.schedule.name} at ${entry.restaurant.name}`;
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.restaurant.name}
          </Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {entry.schedule.name} · {formatPeriod(entry.periodStart, entry.periodEnd)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge color={badge.color} variant="filled" tt="none">
            {entry.status === 'completed' && entry.onTime === false ? 'Completed late' : badge.label}
          </Badge>
          {entry.status === 'completed' && entry.auditId ? (
            <Button component={Link} to={`/audits/${encodeURIComponent(entry.auditId)}`} size="xs" variant="default">
              View audit
            </Button>
          ) : entry.auditId ? (
            <Button
              component={Link}
              to={`/audits/${encodeURIComponent(entry.auditId)}`}
              size="xs"
              variant="default"
              aria-label={`Continue audit: ${label}`}
            >
              Continue audit
            </Button>
          ) : (
            <Button
              component={Link}
              to={`/audits/create?due=${encodeURIComponent(entry.id)}`}
              size="xs"
              aria-label={`Start audit: ${label}`}
            >
              Start audit
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
