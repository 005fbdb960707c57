import { TODAY_ORDER } from '@brigade/core/checklist-runs';
import { noActiveRestaurantMessage } from '@brigade/core/messages';
import type { Today, TodayEntry } from '@brigade/core/schemas/checklists';
import { useLingui } from '@lingui/react/macro';
import { NativeSelect, Stack } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { DataList } from '../../../components/data-list/data-list';
import { PageHeader } from '../../../components/page-header';
import { useChecklistToday } from '../../../lib/api/get-checklist-today';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format-date';
import type { OutboxItem } from '../../../lib/offline/outbox';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { RestaurantNotice, useRestaurantNotice } from '../../../lib/restaurant-notice';
import { useSelectedRestaurant } from '../../../lib/selected-restaurant';
import { useAppRoute } from '../../../lib/use-app-route';
import { runSubject, useSentChecklistChanges } from '../record/checklist-outbox';
import { TodayEntryCard, type WaitingChanges } from './today-entry-card';

/** Open now first, then missed, upcoming and done, each by opening time (core TODAY_ORDER). */
function ordered(today: Today | undefined): TodayEntry[] | undefined {
  return today?.entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => TODAY_ORDER[a.entry.state] - TODAY_ORDER[b.entry.state] || a.index - b.index)
    .map(({ entry }) => entry);
}

/** This device's unsent changes per record. */
function waitingByRun(items: OutboxItem[]): Map<string, WaitingChanges> {
  const byRun = new Map<string, WaitingChanges>();
  for (const item of items) {
    const current = byRun.get(item.subject) ?? { count: 0, submit: false, refused: false };
    byRun.set(item.subject, {
      count: current.count + 1,
      submit: current.submit || item.kind === 'checklistSubmit',
      refused: current.refused || item.state === 'failed' || item.state === 'conflict',
    });
  }
  return byRun;
}

/**
 * /today (issue 33): every checklist window of the selected restaurant's local day, with
 * its state, its hours, how far it is filled and who submitted it; open ones first.
 * Tapping a card opens the record. Asked again every minute and when the page gets focus,
 * so states move with the clock. A record with changes still on this device (offline,
 * issue 34) says so.
 */
export function TodayPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const notice = useRestaurantNotice(useAppRoute());
  const { restaurants, selectedRestaurant, selectRestaurant } = useSelectedRestaurant();
  const today = useChecklistToday(notice ? null : (selectedRestaurant?.id ?? null));
  const day = today.data ? formatDate(today.data.day) : null;
  const name = today.data?.restaurant.name ?? selectedRestaurant?.name ?? '';
  const waiting = waitingByRun(useOutbox().items);
  useSentChecklistChanges();

  return (
    <>
      <PageHeader title={t`Today`} subtitle={day ? t`${name} · ${day}` : name || undefined} />
      {notice ? (
        <RestaurantNotice message={notice} />
      ) : !selectedRestaurant ? (
        <RestaurantNotice message={noActiveRestaurantMessage} />
      ) : (
        <Stack gap="md" maw={760}>
          {/* Managers choose in the strip above every page; staff of several restaurants here. */}
          {me.role === 'staff' && restaurants.length > 1 && (
            <NativeSelect
              label={t`Restaurant`}
              size="md"
              value={selectedRestaurant.id}
              onChange={(event) => selectRestaurant(event.currentTarget.value)}
              data={restaurants.map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
              maw={360}
            />
          )}
          <DataList
            query={{ ...today, data: ordered(today.data) }}
            rowKey={(entry) => entry.runId}
            card={(entry) => (
              <TodayEntryCard
                entry={entry}
                timeZone={today.data?.restaurant.timeZone ?? 'UTC'}
                waiting={waiting.get(runSubject(entry.runId))}
              />
            )}
            cards={{ cols: 1, spacing: 'sm', framed: false }}
            showTable={false}
            labels={{
              loading: t`Loading today's checklists`,
              loadFailed: t`Today's checklists could not be loaded.`,
              list: t`Today's checklists`,
            }}
            empty={{
              title: t`No checklists today`,
              description: t`Checklists set up for this restaurant show here when they are due.`,
              icon: <IconChecklist size={28} aria-hidden />,
            }}
          />
        </Stack>
      )}
    </>
  );
}
