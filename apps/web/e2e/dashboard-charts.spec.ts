import type { Locator, Page } from '@playwright/test';
import { expectLegendKeysMatchSeries } from './chart-legend';
import { type DemoRole, demoAccounts, expect, fillSignIn, seriousViolations, signInAs, test } from './fixtures';

/**
 * The dashboards' charts (issue 21) on the demo chain: each draws from its own request,
 * shows its figures as a table on request, and says so when it has nothing to draw.
 */

interface RankedRestaurant {
  restaurant: { id: string; name: string };
  average: number;
  audits: number;
}

/** The answer of a chart's own request, as the page drew it. */
function answerOf<T>(page: Page, path: string): Promise<T> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === 'GET')
    .then(async (response) => {
      expect(response.status()).toBe(200);
      return (await response.json()) as T;
    });
}

/** A chart's panel, scrolled to: a chart asks for its figures when it comes near the screen. */
async function chart(page: Page, title: string) {
  const panel = page.getByRole('region', { name: title, exact: true });
  await panel.scrollIntoViewIfNeeded(SLOW_LOAD);
  return panel;
}

/**
 * Two cores run every session's browsers and servers: the dashboard's code and then the
 * charts' (recharts) may take a while to arrive, so these waits are longer than the default.
 */
const SLOW_LOAD = { timeout: 30_000 };

async function openDashboard(page: Page, role: DemoRole) {
  await signInAs(page, role);
  await expect(page.getByRole('heading', { level: 1, name: demoAccounts[role].title })).toBeVisible(SLOW_LOAD);
}

/** The drawing: recharts' svg inside the panel's image (`role="img"`, named by the summary sentence). */
async function expectDrawn(panel: Locator) {
  await expect(panel.locator('[role="img"][aria-label] svg.recharts-surface').first()).toBeVisible(SLOW_LOAD);
}

async function showTable(panel: Locator, title: string) {
  await panel
    .getByRole('radiogroup', { name: `Show ${title} as` })
    .getByText('Table', { exact: true })
    .click();
  const table = panel.getByRole('table', { name: `${title}, as a table` });
  await expect(table).toBeVisible();
  return table;
}

test.describe('Dashboard charts', () => {
  // Two cores run every session's servers and browsers: generous, like the other dashboard specs.
  test.describe.configure({ timeout: 120_000 });

  test('hq sees the chain’s score per week with gaps, as a chart and as a table, and adds a restaurant’s line', async ({
    page,
  }) => {
    const answer = answerOf<{ chain: { weekStart: string; average: number | null; audits: number }[] }>(
      page,
      '/api/dashboards/hq/audit-scores',
    );
    await openDashboard(page, 'hq');
    const panel = await chart(page, 'Average audit score per week');
    const trend = await answer;

    // The demo's audits of the last weeks, and weeks without any.
    await expectDrawn(panel);
    await expect(panel.getByRole('img', { name: /^Chain average audit score: / })).toBeVisible();
    expect(trend.chain.some((week) => week.average !== null)).toBe(true);
    expect(trend.chain.some((week) => week.average === null)).toBe(true);
    const table = await showTable(panel, 'Average audit score per week');
    await expect(table.getByRole('row')).toHaveCount(trend.chain.length + 1);
    // The latest week with a score: its row reads "<average>% (<audits>)".
    const latest = trend.chain.findLastIndex((week) => week.average !== null);
    const week = trend.chain[latest];
    await expect(table.getByRole('row').nth(latest + 1)).toContainText(`${week?.average}% (${week?.audits})`);
    await expect(table.getByRole('row').filter({ hasText: 'No audits' }).first()).toBeVisible();

    // A restaurant's line beside the chain's.
    const compared = answerOf<{ restaurants: { restaurant: { name: string } }[] }>(
      page,
      '/api/dashboards/hq/audit-scores',
    );
    await panel.getByRole('combobox', { name: 'Compare restaurants' }).click();
    await page.getByRole('option', { name: 'Brigade Amsterdam Centraal' }).click();
    expect((await compared).restaurants.map((line) => line.restaurant.name)).toEqual(['Brigade Amsterdam Centraal']);
    await expect(table.getByRole('columnheader', { name: 'Brigade Amsterdam Centraal (audits)' })).toBeVisible();
  });

  test('hq sees the lowest and highest restaurants and training completion, as charts and as tables', async ({
    page,
  }) => {
    const rankingAnswer = answerOf<{ lowest: RankedRestaurant[]; highest: RankedRestaurant[]; ranked: number }>(
      page,
      '/api/dashboards/hq/audit-ranking',
    );
    const completionAnswer = answerOf<{
      restaurants: { restaurant: { name: string }; completed: number; total: number; percent: number }[];
    }>(page, '/api/dashboards/hq/training-completion');
    await openDashboard(page, 'hq');
    const rankingPanel = await chart(page, 'Lowest and highest scoring restaurants');
    const completionPanel = await chart(page, 'Training completion per restaurant');
    const [ranking, completion] = await Promise.all([rankingAnswer, completionAnswer]);

    // The ranking: the demo's active restaurants audited in the last 90 days, lowest first.
    await expectDrawn(rankingPanel);
    const lowest = ranking.lowest[0];
    expect(lowest).toBeDefined();
    await expect(
      rankingPanel.getByRole('img', {
        name: new RegExp(`the lowest average is ${lowest?.restaurant.name} at ${lowest?.average}%`),
      }),
    ).toBeVisible();

    // Training completion: lowest first.
    await expectDrawn(completionPanel);
    const first = completion.restaurants[0];
    expect(first).toBeDefined();
    expect(await seriousViolations(page)).toEqual([]);

    const rankingTable = await showTable(rankingPanel, 'Lowest and highest scoring restaurants');
    await expect(rankingTable.getByRole('row')).toHaveCount(ranking.lowest.length + ranking.highest.length + 1);
    await expect(rankingTable.getByRole('row').nth(1)).toContainText(
      `${lowest?.restaurant.name}${lowest?.average}%${lowest?.audits}5 lowest`,
    );
    // Berlin is closed, so it is not ranked though audited in the last 90 days.
    await expect(rankingTable).not.toContainText('Berlin');
    const completionTable = await showTable(completionPanel, 'Training completion per restaurant');
    await expect(completionTable.getByRole('row').nth(1)).toContainText(
      `${first?.restaurant.name}${first?.completed}${first?.total}${first?.percent}%`,
    );
  });

  test('the manager sees the score trend and the staff trainings of the selected restaurant', async ({ page }) => {
    const scoresAnswer = answerOf<{ audits: { auditedAt: string; score: number }[]; average: number | null }>(
      page,
      '/api/dashboards/manager/audit-scores',
    );
    const progressAnswer = answerOf<{ weeks: { weekStart: string; completed: number; incomplete: number }[] }>(
      page,
      '/api/dashboards/manager/training-progress',
    );
    await openDashboard(page, 'manager');
    const scoresPanel = await chart(page, 'Audit score trend');
    const progressPanel = await chart(page, 'Staff trainings per week');
    const [scores, progress] = await Promise.all([scoresAnswer, progressAnswer]);

    // Amsterdam's two completed demo audits, oldest first.
    expect(scores.audits.length).toBeGreaterThanOrEqual(2);
    await expectDrawn(scoresPanel);
    await expect(
      scoresPanel.getByRole('img', { name: new RegExp(`their average is ${scores.average}%`) }),
    ).toBeVisible();
    const scoresTable = await showTable(scoresPanel, 'Audit score trend');
    await expect(scoresTable.getByRole('row')).toHaveCount(scores.audits.length + 1);
    await expect(scoresTable.getByRole('row').last()).toContainText(`${scores.audits.at(-1)?.score}%`);

    await progressPanel.scrollIntoViewIfNeeded();
    await expectDrawn(progressPanel);
    // Which bar is which: the legend's keys are there, in the bars' colours.
    await expectLegendKeysMatchSeries(progressPanel);
    const progressTable = await showTable(progressPanel, 'Staff trainings per week');
    const thisWeek = progress.weeks.at(-1);
    await expect(progressTable.getByRole('row')).toHaveCount(progress.weeks.length + 1);
    await expect(progressTable.getByRole('row').last()).toContainText(`${thisWeek?.completed}${thisWeek?.incomplete}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a restaurant without audits or staff trainings shows each chart’s empty state', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openDashboard(page, 'hq');
    const tag = `${Date.now()}-${Math.floor(Math.random() * 1000)}`;
    const restaurant = await page.request.post('/api/restaurants', {
      data: { name: `Brigade Leiden ${tag}`, city: 'Leiden', country: 'Netherlands', address: 'Breestraat 1' },
    });
    expect(restaurant.status()).toBe(201);
    const manager = { email: `joost.${tag}@example.com`, password: 'manager-secret' };
    const saved = await page.request.post('/api/users', {
      data: {
        name: `Joost Visser ${tag}`,
        ...manager,
        role: 'manager',
        selectedRestaurants: [(await restaurant.json()).id],
      },
    });
    expect(saved.status()).toBe(201);

    const context = await browser.newContext({ baseURL });
    const managerPage = await context.newPage();
    await managerPage.goto('/');
    await fillSignIn(managerPage, manager.email, manager.password);
    // A new browser context downloads the signed-in app afresh.
    await expect(managerPage.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible(SLOW_LOAD);
    const scoresPanel = await chart(managerPage, 'Audit score trend');
    await expect(scoresPanel.getByRole('status')).toContainText('No completed audits yet', SLOW_LOAD);
    const progressPanel = await chart(managerPage, 'Staff trainings per week');
    await expect(progressPanel.getByRole('status')).toContainText('No staff trainings in the last 12 weeks');
    // Nothing to draw, nothing to switch.
    await expect(scoresPanel.locator('[role="img"][aria-label]')).toHaveCount(0);
    await expect(scoresPanel.getByRole('radiogroup')).toHaveCount(0);
    await context.close();
  });

  test('a chart that cannot load says so and offers Retry, without holding up the dashboard', async ({ page }) => {
    await page.route('**/api/dashboards/hq/audit-ranking', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openDashboard(page, 'hq');
    const panel = await chart(page, 'Lowest and highest scoring restaurants');
    // After the query's own retries.
    await expect(panel.getByText('Failed to load chart data')).toBeVisible(SLOW_LOAD);
    // The dashboard's own figures and the other charts are there.
    await expect(page.getByRole('group', { name: 'Total Restaurants', exact: true })).toBeVisible();
    await expectDrawn(await chart(page, 'Training completion per restaurant'));
    await page.unroute('**/api/dashboards/hq/audit-ranking');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expectDrawn(panel);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the charts take the full width, one under another, and the page does not scroll sideways', async ({
      page,
    }) => {
      await openDashboard(page, 'hq');
      const ranking = await chart(page, 'Lowest and highest scoring restaurants');
      const completion = await chart(page, 'Training completion per restaurant');
      await expectDrawn(ranking);
      await expectDrawn(completion);
      const [top, bottom] = [await ranking.boundingBox(), await completion.boundingBox()];
      expect(top && bottom).toBeTruthy();
      if (top && bottom) {
        expect(bottom.y).toBeGreaterThanOrEqual(top.y + top.height);
        expect(Math.abs(top.width - bottom.width)).toBeLessThanOrEqual(1);
        expect(top.width).toBeGreaterThan(330);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  });
});
