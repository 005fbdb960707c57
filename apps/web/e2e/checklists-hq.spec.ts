import AxeBuilder from '@axe-core/playwright';
import { clockTime, localMinutes } from '@brigade/core/restaurant-time';
import type { TodayEntry } from '@brigade/core/schemas/checklists';
import type { APIRequestContext } from '@playwright/test';
import { created, expect, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 33, head office's view: a restaurant's checklists of its own local today on the
 * hq dashboard (done of due so far, missed), linking to its food-safety log. The
 * restaurant, its checklist and the record are made through the API as hq; the page
 * shows what the records say.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/**
 * The zone whose clock now reads closest to 14:30: the restaurant's windows all fall
 * inside its today, and the demo's chain checklists, which every new restaurant gets, are
 * between windows (12:00–13:00 and 16:00–17:00), so none of theirs is due while the test runs.
 */
function zoneNearAfternoon(now: Date): string {
  const distance = (zone: string) => Math.abs(localMinutes(now, zone) - (14 * 60 + 30));
  return Intl.supportedValuesOf('timeZone').reduce((best, zone) => (distance(zone) < distance(best) ? zone : best));
}

const todayOf = async (request: APIRequestContext, restaurantId: string) =>
  (await (await request.get(`/api/checklists/today?restaurantId=${restaurantId}`)).json()) as {
    entries: TodayEntry[];
  };

test('hq sees a restaurant’s completion of its own today on the dashboard, missed first, linking to its log', async ({
  page,
}) => {
  // Two windows close within the minute they were made in: up to a minute of waiting.
  test.setTimeout(150_000);
  await signInAs(page, 'hq');
  const request = page.request;
  const tag = uniqueTag();
  const name = `Brigade Checklists ${tag}`;
  const timeZone = zoneNearAfternoon(new Date());
  const restaurant = await created(
    await request.post('/api/restaurants', {
      data: { name, city: 'Utrecht', country: 'Netherlands', address: `Neude ${tag}`, timeZone },
    }),
  );
  // One window open for another hour, and two of five minutes closing within the minute: a
  // record is made only for a window that had not closed when its checklist was made, so
  // missed ones come from waiting for these to close.
  const now = localMinutes(new Date(), timeZone);
  const window = (from: number, to: number) => ({
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start: clockTime(now + from),
    end: clockTime(now + to),
  });
  const checklist = await created(
    await request.post('/api/checklists', {
      data: {
        name: `Line check ${tag}`,
        restaurantId: null,
        allRestaurants: false,
        restaurantIds: [restaurant.id],
        locked: false,
        content: {
          sections: [{ id: 'line', title: 'Line', items: [{ id: 'clean', label: 'Surfaces clean', kind: 'tick' }] }],
        },
        windows: [window(-30, 60), window(-4, 1), window(-5, 1)],
      },
    }),
  );

  const mine = async () =>
    (await todayOf(request, restaurant.id)).entries.filter((entry) => entry.checklist.id === checklist.id);
  const open = (await mine()).find((entry) => entry.end === clockTime(now + 60));
  expect(open?.state).toBe('open');
  await created(await request.put(`/api/checklist-runs/${open?.runId}/items/clean`, { data: { value: true } }));
  await created(await request.post(`/api/checklist-runs/${open?.runId}/submit`));
  await expect
    .poll(async () => (await mine()).map((entry) => entry.state).sort(), { timeout: 90_000, intervals: [5_000] })
    .toEqual(['done', 'missed', 'missed']);

  // What the restaurant's Today says now, the demo's chain checklists (all upcoming) included.
  const entries = (await todayOf(request, restaurant.id)).entries;
  const done = entries.filter((entry) => entry.state === 'done' || entry.state === 'late').length;
  const due = entries.filter((entry) => entry.state !== 'upcoming').length;
  const missed = entries.filter((entry) => entry.state === 'missed').length;
  expect({ done, due, missed }).toEqual({ done: 1, due: 3, missed: 2 });

  await page.goto('/dashboard-hq');
  const panel = page.getByRole('region', { name: 'Checklists Today' });
  const row = panel
    .getByRole('list', { name: "Restaurants' checklists today" })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByText(`${done} of ${due} done`)).toBeVisible();
  await expect(row.getByText(`${missed} missed`)).toBeVisible();
  await expect(panel.getByText(/of \d+ due done/)).toBeVisible();
  // The panel's badges on a phone (the accessibility sweep checks the whole page at 1280 px).
  const axe = await new AxeBuilder({ page }).include(`ul[aria-label="Restaurants' checklists today"]`).analyze();
  expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);

  await row.getByRole('link', { name }).tap();
  await expect(page).toHaveURL(`/food-safety-log?restaurantId=${restaurant.id}`);
});
