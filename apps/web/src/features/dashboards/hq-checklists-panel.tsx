import type { HqChecklistsPanel as Panel } from '@brigade/core/schemas/checklist-counts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { EmptyList } from '../../components/empty-list';
import { RestaurantRow, RestaurantsPanel } from './restaurants-panel';

/**
 * The hq dashboard's "Checklists Today" (issue 33): across the chain, how many records
 * are done of those due so far, how many were missed and how many failed in the last 7
 * days; then the restaurants, those with missed windows first, each linking to its
 * food-safety log. Every restaurant counts its own local today (`undefined` while the
 * dashboard loads).
 */
export function HqChecklistsPanel({ panel }: { panel: Panel | undefined }) {
  const { t } = useLingui();
  return (
    <RestaurantsPanel
      heading={<Trans>Checklists Today</Trans>}
      line={panel ? <ChainLine panel={panel} /> : <Trans>Each restaurant's day, in its own time zone</Trans>}
      all={{ to: '/food-safety-log', label: <Trans>Food safety log</Trans> }}
      rowCount={panel?.restaurants.length}
      restaurantCount={panel?.restaurantCount ?? 0}
      listLabel={t`Restaurants' checklists today`}
      empty={
        <EmptyList
          title={t`No checklists today`}
          description={t`Restaurants show here once they have checklists with windows today.`}
          icon={<IconChecklist size={28} aria-hidden />}
        />
      }
    >
      {panel?.restaurants.map((row) => (
        <ChecklistRow key={row.restaurant.id} row={row} />
      ))}
    </RestaurantsPanel>
  );
}

/** "12 of 15 due done · 2 missed at 1 restaurant · 3 failed in 7 days": the chain's totals. */
function ChainLine({ panel }: { panel: Panel }) {
  const { done, due, missed, failures } = panel;
  return (
    <>
      <Trans>
        {done} of {due} due done
      </Trans>
      {' · '}
      {missed > 0 ? (
        <>
          <Trans>{missed} missed</Trans>{' '}
          <Plural value={panel.missedRestaurantCount} one="at # restaurant" other="at # restaurants" />
        </>
      ) : (
        <Trans>none missed</Trans>
      )}
      {' · '}
      <Trans>{failures} failed in 7 days</Trans>
    </>
  );
}

/**
 * Filled colours whose text keeps 4.5:1 contrast (axe, theme autoContrast), as the score
 * and checklist state badges use them: green 9 darkened by 10 % for all done, yellow 4
 * (black text) for failures, red 9 for missed.
 */
const DONE_GREEN = '#277c38';

/** One restaurant: its name (to its food-safety log), done of due so far, and its missed and failed records when any. */
function ChecklistRow({ row }: { row: Panel['restaurants'][number] }) {
  const { done, due, missed, failures } = row;
  const allDone = due > 0 && done === due;
  return (
    <RestaurantRow
      name={row.restaurant.name}
      to={`/food-safety-log?restaurantId=${encodeURIComponent(row.restaurant.id)}`}
    >
      <Badge color={allDone ? DONE_GREEN : 'gray.7'} variant={allDone ? 'filled' : 'outline'} tt="none">
        {due === 0 ? (
          <Trans>Nothing due yet</Trans>
        ) : (
          <Trans>
            {done} of {due} done
          </Trans>
        )}
      </Badge>
      {missed > 0 && (
        <Badge color="red.9" variant="filled" tt="none">
          <Trans>{missed} missed</Trans>
        </Badge>
      )}
      {failures > 0 && (
        <Badge color="yellow.4" variant="filled" tt="none">
          <Trans>{failures} failed</Trans>
        </Badge>
      )}
    </RestaurantRow>
  );
}
