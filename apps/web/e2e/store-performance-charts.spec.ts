import type { StoreScoreTrend, StoreVisits } from '@brigade/core/schemas/store-performance';
import type { Locator, Page } from '@playwright/test';
import { expectLegendKeysMatchSeries } from './chart-legend';
import { expect, fakeServices, seriousViolations, signInAs, test } from './fixtures';

const AMSTERDAM = 'Brigade Amsterdam Centraal';
// On the fake board Antwerpen Meir has no visits at all.
const ANTWERP = 'Brigade Antwerpen Meir';

async function restaurantId(page: Page, name: string) {
  const response = await page.request.get('/api/restaurants/options');
  expect(response.ok()).toBe(true);
  const restaurant = ((await response.json()) as { id: string; name: string }[]).find((option) => option.name === name);
  if (!restaurant) throw new Error(`${name} is not an active restaurant`);
  return restaurant.id;
}

/**
 * The answer the page draws a chart from (other files change audits and restaurants
 * meanwhile, so asking the API again could give other figures than the ones on screen).
 */
function answerOf<T>(page: Page, path: string): Promise<T> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === 'GET')
    .then(async (response) => {
      expect(response.status()).toBe(200);
      return (await response.json()) as T;
    });
}

/** The first draw waits for recharts' own chunk, on a machine shared with servers and other browsers. */
const FIRST_DRAW = { timeout: 30_000 };

const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function showTable(chart: Locator) {
  await chart.getByText('Table', { exact: true }).click();
}

/** The first column's texts of a table's body rows. */
async function firstCells(table: Locator) {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
}

test.describe('Store Performance charts', () => {
  test("the restaurant's score trend, visits by status and notes by category draw beside the chain's", async ({
    page,
  }) => {
    await signInAs(page, 'hq');
    const id = await restaurantId(page, AMSTERDAM);
    const trendAnswer = answerOf<StoreScoreTrend>(page, `/api/store-performance/${id}/score-trend`);
    const visitsAnswer = answerOf<StoreVisits>(page, `/api/store-performance/${id}/visits`);
    await page.goto('/store-performance');
    const trend = await trendAnswer;
    const breakdown = (await visitsAnswer).breakdown;
    if (!breakdown) throw new Error('the demo board is configured');

    for (const title of ['Audit Score Trend', 'Store Visits by Status', 'Visit Notes by Category']) {
      const chart = panel(page, title);
      await expect(chart.locator('[role="img"]')).toBeVisible(FIRST_DRAW);
      await expect(chart.locator('svg.recharts-surface')).toBeVisible(FIRST_DRAW);
    }
    // Which line is the restaurant's and which the chain's: keys in the lines' colours.
    await expectLegendKeysMatchSeries(panel(page, 'Audit Score Trend'));
    // The drawing is named by its figures in words.
    await expect(panel(page, 'Store Visits by Status').locator('[role="img"]')).toHaveAccessibleName(
      new RegExp(`^${AMSTERDAM}: 2 visits \\(Working on it 1, Done 1\\)\\. Chain average per restaurant: `),
    );
    await expect(panel(page, 'Audit Score Trend').locator('[role="img"]')).toHaveAccessibleName(
      new RegExp(
        `^${AMSTERDAM} averaged ${trend.total.restaurant}% over ${trend.total.restaurantAudits} completed audit`,
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);

    // Table: the same figures, one row per week.
    const scores = panel(page, 'Audit Score Trend');
    await showTable(scores);
    const weeks = scores.getByRole('table', { name: 'Audit Score Trend by week' });
    await expect(weeks.locator('tbody tr')).toHaveCount(trend.weeks.length);
    const latest = trend.weeks.findLast((week) => week.restaurant !== null);
    if (!latest) throw new Error('Amsterdam has completed audits in the demo');
    const latestRow = weeks.locator('tbody tr').nth(trend.weeks.indexOf(latest));
    await expect(latestRow.getByRole('cell').nth(1)).toHaveText(`${latest.restaurant}%`);
    await expect(latestRow.getByRole('cell').nth(3)).toHaveText(`${latest.chain}%`);
    await expect(scores.locator('svg.recharts-surface')).toHaveCount(0);

    const statuses = panel(page, 'Store Visits by Status');
    await showTable(statuses);
    const working = statuses.getByRole('row', { name: /^Working on it / });
    const chainWorking = breakdown.byStatus.find((row) => row.status === 'Working on it')?.chainAverage;
    await expect(working.getByRole('cell')).toHaveText(['Working on it', '1', String(chainWorking)]);

    const categories = panel(page, 'Visit Notes by Category');
    await showTable(categories);
    const shown = breakdown.byCategory.filter((row) => row.count > 0 || row.chainAverage > 0);
    await expect(await firstCells(categories.getByRole('table'))).toEqual(shown.map((row) => row.category));
    await expect(
      categories
        .getByRole('row', { name: /^Kitchen / })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('1');
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the drawing.
    await scores.getByText('Chart', { exact: true }).click();
    await expect(scores.locator('svg.recharts-surface')).toBeVisible();
  });

  test('a restaurant without visits on the board shows the empty state, from a shared link', async ({ page }) => {
    await signInAs(page, 'hq');
    const id = await restaurantId(page, ANTWERP);
    await page.goto(`/store-performance?restaurantId=${id}`);
    await expect(page.getByRole('combobox', { name: 'Restaurant', exact: true })).toHaveValue(ANTWERP, FIRST_DRAW);

    const statuses = panel(page, 'Store Visits by Status');
    await expect(statuses.getByRole('status')).toContainText('No store visits found for this restaurant');
    await expect(statuses.getByRole('status')).toContainText(/The chain averages [\d.]+ visits per restaurant\./);
    await expect(statuses.locator('svg.recharts-surface')).toHaveCount(0);
    await expect(statuses.getByRole('radio')).toHaveCount(0);
    await expect(panel(page, 'Visit Notes by Category').getByRole('status')).toContainText(
      'No visit notes for this restaurant',
    );
    // Its audits still draw.
    await expect(panel(page, 'Audit Score Trend').locator('svg.recharts-surface')).toBeVisible(FIRST_DRAW);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a failing board: the charts say so, and Retry in the visits table refills them', {
    tag: '@board-errors',
  }, async ({ page }) => {
    await signInAs(page, 'hq');
    await fakeServices.setMondayMode('errors-on-200');
    try {
      await page.goto('/store-performance');
      await expect(page.getByRole('alert')).toHaveText('Failed to load store visits', FIRST_DRAW);
      const statuses = panel(page, 'Store Visits by Status');
      await expect(statuses.getByRole('status')).toContainText('Failed to load store visits');
      await expect(panel(page, 'Visit Notes by Category').getByRole('status')).toContainText(
        'Failed to load store visits',
      );
      // The score trend is ours, not the board's.
      await expect(panel(page, 'Audit Score Trend').locator('svg.recharts-surface')).toBeVisible(FIRST_DRAW);

      await fakeServices.setMondayMode('ok');
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(statuses.locator('svg.recharts-surface')).toBeVisible(FIRST_DRAW);
    } finally {
      await fakeServices.setMondayMode('ok');
    }
  });

  test('a sorted table keeps its order after a reload', async ({ page }) => {
    await signInAs(page, 'hq', '/store-performance');
    const visits = page.getByRole('table', { name: 'Recent Store Visits', exact: true });
    const visitNames = () =>
      visits
        .locator('tbody tr:not([hidden])')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
    // Newest first at first.
    await expect.poll(visitNames, FIRST_DRAW).toEqual(['Q4 operations visit', 'Opening checklist review']);
    await visits.getByRole('button', { name: 'Visit', exact: true }).click();
    await expect(visits.getByRole('columnheader', { name: 'Visit', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect.poll(visitNames).toEqual(['Opening checklist review', 'Q4 operations visit']);

    const staff = page.getByRole('table', { name: 'Staff Members', exact: true });
    await staff.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(staff.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const names = await firstCells(staff);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    await expect(page).toHaveURL(/[?&]visitsSort=visit(&|$)/);
    await expect(page).toHaveURL(/[?&]staffOrder=desc(&|$)/);

    await page.reload();
    await expect(visits.getByRole('columnheader', { name: 'Visit', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect.poll(visitNames).toEqual(['Opening checklist review', 'Q4 operations visit']);
    await expect(staff.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect.poll(() => firstCells(staff)).toEqual(names);
  });

  test('on a phone the charts stack at full width and the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'hq', '/store-performance');
    const boxes = [];
    for (const title of ['Audit Score Trend', 'Store Visits by Status', 'Visit Notes by Category']) {
      const chart = panel(page, title);
      await expect(chart.locator('svg.recharts-surface')).toBeVisible(FIRST_DRAW);
      boxes.push(await chart.boundingBox());
    }
    const [trend, statuses, notes] = boxes;
    if (!trend || !statuses || !notes) throw new Error('every chart is drawn');
    expect([statuses.x, statuses.width]).toEqual([trend.x, trend.width]);
    expect([notes.x, notes.width]).toEqual([trend.x, trend.width]);
    expect(notes.y).toBeGreaterThan(statuses.y + statuses.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
