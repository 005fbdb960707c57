import type { ActivityItem } from '@brigade/core/schemas/activity-log';
import { useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text } from '@mantine/core';
import type { DataColumn } from '../../components/data-list/data-list';
import { ListCard } from '../../components/data-list/list-card';
import { formatDateTime } from '../../lib/format-date';
import { ACTIVITY_KIND_LABELS } from './activity-kinds';

const valueText = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** "Signed in", or the kind's key for a kind this screen has no words for yet. */
export function useKindLabel(): (kind: string) => string {
  const { i18n } = useLingui();
  return (kind) => {
    const label = ACTIVITY_KIND_LABELS[kind];
    return label ? i18n._(label) : kind;
  };
}

/**
 * Who acted: their name now, else the label kept with the entry (an email tried, a token's
 * name), else the system. A call made with an API token (issue 37) is the token's, on
 * behalf of the hq person who made it.
 */
function useActorOf(): (entry: ActivityItem) => string {
  const { t } = useLingui();
  return (entry) => {
    const { name, label } = entry.actor;
    if (entry.details?.via === 'apiToken' && label) return name ? t`${label} (API token of ${name})` : label;
    return name ?? label ?? t`System`;
  };
}

function objectText(entry: ActivityItem): string | null {
  const { type, label, id } = entry.object;
  if (!type && !label) return null;
  return [type, label ?? id].filter(Boolean).join(': ');
}

/** Each changed field on a line of its own: `role: staff → manager`. */
function Changes({ entry }: { entry: ActivityItem }) {
  const changes = Object.entries(entry.changes ?? {});
  if (changes.length === 0) return null;
  return (
    <Stack gap={2}>
      {changes.map(([field, change]) => (
        <Text key={field} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="xs">
            {field}
          </Text>
          : {valueText(change.from)} → {valueText(change.to)}
        </Text>
      ))}
    </Stack>
  );
}

/** Export rows, the sign-in method: the details a reader looks for, as `key: value`. */
function Details({ entry }: { entry: ActivityItem }) {
  const details = Object.entries(entry.details ?? {});
  if (details.length === 0) return null;
  return (
    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
      {details.map(([key, value]) => `${key}: ${valueText(value)}`).join(' · ')}
    </Text>
  );
}

function Origin({ entry }: { entry: ActivityItem }) {
  if (!entry.address && !entry.userAgent) return null;
  return (
    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} lineClamp={2} title={entry.userAgent ?? undefined}>
      {[entry.address, entry.userAgent].filter(Boolean).join(' · ')}
    </Text>
  );
}

/** The log's columns (wide screens): when, who, what, which restaurant and object, before → after, from where. */
export function useActivityColumns(showRestaurant: boolean): DataColumn<ActivityItem>[] {
  const { t } = useLingui();
  const kindLabel = useKindLabel();
  const actorOf = useActorOf();
  return [
    {
      header: t`When`,
      noWrap: true,
      cell: (entry) => (
        <Text size="sm" component="time" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </Text>
      ),
    },
    { header: t`Who`, cell: (entry) => <Text size="sm">{actorOf(entry)}</Text> },
    {
      header: t`What`,
      cell: (entry) => (
        // Wrapped, not cut: "Sign…" would not say which of five kinds it is.
        <Badge
          variant="light"
          color={entry.kind === 'auth.signInFailed' ? 'red' : 'indigo'}
          tt="none"
          h="auto"
          py={2}
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          {kindLabel(entry.kind)}
        </Badge>
      ),
    },
    ...(showRestaurant
      ? [
          {
            header: t`Restaurant`,
            cell: (entry: ActivityItem) => <Text size="sm">{entry.restaurant?.name ?? '—'}</Text>,
          },
        ]
      : []),
    {
      header: t`Object`,
      cell: (entry) => (
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {objectText(entry) ?? '—'}
          </Text>
          <Details entry={entry} />
        </Stack>
      ),
    },
    { header: t`Before → after`, cell: (entry) => <Changes entry={entry} /> },
    { header: t`Where from`, cell: (entry) => <Origin entry={entry} /> },
  ];
}

/** Phones: one card per entry, the same facts. */
export function ActivityCard({ entry, showRestaurant }: { entry: ActivityItem; showRestaurant: boolean }) {
  const kindLabel = useKindLabel();
  const actorOf = useActorOf();
  const object = objectText(entry);
  return (
    <ListCard title={kindLabel(entry.kind)}>
      <Text size="sm">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {actorOf(entry)}
        {showRestaurant && entry.restaurant?.name ? ` · ${entry.restaurant.name}` : ''}
      </Text>
      {object && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {object}
        </Text>
      )}
      <Details entry={entry} />
      <Changes entry={entry} />
      <Origin entry={entry} />
    </ListCard>
  );
}
