import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { AuditDueEntry } from '@brigade/core/schemas/audit-schedules';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { formatPeriod } from '../../lib/format-period';
import { useCoreText } from '../../lib/i18n';
import { useDueAudits } from './api/get-due-audits';

const FILTERS = [
  { value: 'soon', label: msg`Due this week` },
  { value: 'missed', label: msg`Missed` },
  { value: 'open', label: msg`All open` },
  { value: 'completed', label: msg`Completed` },
] as const;
type Filter = (typeof FILTERS)[number]['value'];
const PAGE_SIZE = 20;

/**
 * The due audits of the chain or one restaurant (?restaurantId=, as the dashboard links
 * here), filtered and paged on the server; each open one can be started as an audit.
 */
export function DueAuditsSection() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
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
        <Trans>Due Audits</Trans>
      </Title>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            data={FILTERS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            value={filter}
            onChange={(value) => setParam('filter', value)}
            aria-label={t`Which due audits`}
            size="xs"
            fullWidth
            style={{ flex: '1 1 320px' }}
          />
          <Select
            label={t`Restaurant`}
            placeholder={t`All restaurants`}
            clearable
            searchable
            data={(restaurants.data ?? []).map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            value={restaurantId ?? null}
            onChange={(value) => setParam('restaurantId', value)}
            style={{ flex: '1 1 220px' }}
          />
        </Group>
        <DataList
          query={due}
          rowKey={(entry) => entry.id}
          card={(entry) => <DueEntryRow entry={entry} />}
          cards={{ cols: 1, spacing: 'xs', framed: false }}
          showTable={false}
          onPageChange={(next) => setParam('page', String(next))}
          labels={{
            loading: t`Loading due audits`,
            loadFailed: text(scheduleMessages.dueLoadFailed),
            pages: t`Due audits pages`,
            list: t`Due audits`,
          }}
          empty={{
            title: text(scheduleMessages.noDueAudits),
            description:
              filter === 'completed' ? t`No scheduled audit completed yet.` : text(scheduleMessages.noDueAuditsHint),
            icon: <IconCalendarCheck size={28} aria-hidden />,
          }}
        />
      </Stack>
    </section>
  );
}

/** Filled colours whose text keeps 4.5:1 contrast, as ScoreBadge's (yellow 4 carries black text). */
const STATUS_BADGES = {
  due: { label: msg`Due`, color: 'yellow.4' },
  missed: { label: msg`Missed`, color: 'red.9' },
  completed: { label: msg`Completed`, color: '#277c38' },
} as const;

function DueEntryRow({ entry }: { entry: AuditDueEntry }) {
  const { t, i18n } = useLingui();
  const badge = STATUS_BADGES[entry.status];
  const schedule = entry.schedule.name;
  const restaurant = entry.restaurant.name;
  const label = t`${schedule} at ${restaurant}`;
  return (
    <Paper withBorder p="sm">
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
            {entry.status === 'completed' && entry.onTime === false ? t`Completed late` : i18n._(badge.label)}
          </Badge>
          {entry.status === 'completed' && entry.auditId ? (
            <Button component={Link} to={`/audits/${encodeURIComponent(entry.auditId)}`} size="xs" variant="default">
              <Trans>View audit</Trans>
            </Button>
          ) : entry.auditId ? (
            <Button
              component={Link}
              to={`/audits/${encodeURIComponent(entry.auditId)}`}
              size="xs"
              variant="default"
              aria-label={t`Continue audit: ${label}`}
            >
              <Trans>Continue audit</Trans>
            </Button>
          ) : (
            <Button
              component={Link}
              to={`/audits/create?due=${encodeURIComponent(entry.id)}`}
              size="xs"
              aria-label={t`Start audit: ${label}`}
            >
              <Trans>Start audit</Trans>
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
