import type { StorePerformance, StoreVisits } from '@brigade/core/schemas/store-performance';
import type { Page } from '@playwright/test';
import { expect, fakeServices, seriousViolations, signInAs, test } from './fixtures';

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const UTRECHT = 'Brigade Utrecht Neude';

interface RestaurantOption {
  id: string;
  name: string;
}

async function restaurantOptions(page: Page) {
  const response = await page.request.get('/api/restaurants/options');
  expect(response.ok()).toBe(true);
  return (await response.json()) as RestaurantOption[];
}

async function restaurantId(page: Page, name: string) {
  const restaurant = (await restaurantOptions(page)).find((option) => option.name === name);
  if (!restaurant) throw new Error(`${name} is not an active restaurant`);
  return restaurant.id;
}

/**
 * The answer the page itself draws the figures of a restaurant from. Other files change
 * staff, trainings and audits at the same time, so asking the API again later could
 * give other figures than the ones on screen.
 */
function performanceAnswer(page: Page, id: string): Promise<StorePerformance> {
  return page
    .waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/store-performance/${id}` && response.request().method() === 'GET',
    )
    .then(async (response) => {
      expect(response.status()).toBe(200);
      return (await response.json()) as StorePerformance;
    });
}

async function visitsOf(page: Page, id: string) {
  const response = await page.request.get(`/api/store-performance/${id}/visits`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as StoreVisits;
}

function table(page: Page, name: string) {
  return page.getByRole('table', { name, exact: true });
}

/** The three cards, the audits and the staff show the answer the page drew them from. */
async function expectFigures(page: Page, performance: StorePerformance) {
  for (const [title, value, description] of [
    ['Total Staff', performance.stats.totalStaff, 'Assigned staff members'],
    ['Overdue Trainings', performance.stats.overdueTrainings, 'Incomplete training modules'],
    ['Total Audits', performance.stats.totalAudits, 'Completed store audits'],
  ] as const) {
    const card = page.getByRole('group', { name: title, exact: true });
    await expect(card).toContainText(`${title}${value}${description}`);
  }

  const audits = table(page, 'Recent Audits');
  if (performance.recentAudits.length === 0) {
    await expect(audits).toContainText('No audits found for this restaurant');
  } else {
    const views = audits.getByRole('link', { name: /^View audit of / });
    await expect(views).toHaveCount(performance.recentAudits.length);
    for (const [index, audit] of performance.recentAudits.entries()) {
      await expect(views.nth(index)).toHaveAttribute('href', `/audits/${audit.id}`);
    }
  }

  const staff = table(page, 'Staff Members');
  await expect(staff.getByRole('row')).toHaveCount(1 + Math.max(performance.staff.length, 1));
  for (const member of performance.staff) {
    const row = staff.getByRole('row', { name: new RegExp(`^${member.name} `) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(member.role === 'manager' ? 'Manager' : 'Staff');
    await expect(row.getByRole('cell').nth(2)).toHaveText(member.isActive ? 'Active' : 'Inactive');
    await expect(row.getByRole('cell').nth(3)).toHaveText(`${member.completed}/${member.total}`);
  }
}

async function choose(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Restaurant', exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe('Store Performance', () => {
  test('the first restaurant is preselected with its figures, visits, audits and staff', async ({ page }) => {
    await signInAs(page, 'hq');
    const restaurants = await restaurantOptions(page);
    expect(restaurants[0]?.name).toBe(AMSTERDAM);
    const id = await restaurantId(page, AMSTERDAM);
    const performance = performanceAnswer(page, id);
    await page.goto('/store-performance');
    await expect(page.getByRole('heading', { level: 1, name: 'Store Performance' })).toBeVisible();
    await expect(page.getByText('Overview of key metrics and recent activities')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Restaurant', exact: true })).toHaveValue(AMSTERDAM);

    const visits = table(page, 'Recent Store Visits');
    const { host } = await visitsOf(page, id);
    await expect(visits).toHaveAccessibleDescription(`Data from ${host}`);
    const q4 = visits.getByRole('row', { name: /^Q4 operations visit / });
    await expect(q4.getByRole('cell')).toHaveText([
      'Q4 operations visit',
      '2 Nov 2026',
      'Henk de Vries',
      'Status: Working on it',
      /^3\s*(Show)?$/,
    ]);
    await expectFigures(page, await performance);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a visit's notes expand and collapse", async ({ page }) => {
    await signInAs(page, 'hq', '/store-performance');
    const show = page.getByRole('button', { name: 'Show notes of Q4 operations visit' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    const notes = page.getByRole('list', { name: 'Notes of Q4 operations visit' });
    await expect(notes).toBeHidden();

    await show.click();
    const hide = page.getByRole('button', { name: 'Hide notes of Q4 operations visit' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(notes).toBeVisible();
    await expect(page.locator(`#${await hide.getAttribute('aria-controls')}`)).toBeVisible();
    await expect(notes.getByRole('listitem')).toHaveText([
      'Replace fryer oil filterCategory: KitchenStatus: Done',
      'New window stickersCategory: MarketingStatus: Stuck',
      'Kassa receipt printer jamsCategory: Kassa SystemStatus: Franchisee responsibility',
    ]);
    // Each status has its own look.
    const statuses = notes.locator('[data-status]');
    const colours = await statuses.evaluateAll((badges) =>
      badges.map((badge) => getComputedStyle(badge).backgroundColor),
    );
    expect(new Set(colours).size).toBe(3);

    await page.getByRole('button', { name: 'Show notes of Opening checklist review' }).click();
    await expect(page.getByText('No notes for this visit')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await hide.click();
    await expect(notes).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show notes of Q4 operations visit' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('switching restaurant reloads everything; clearing the choice asks for one', async ({ page }) => {
    await signInAs(page, 'hq', '/store-performance');
    const visits = table(page, 'Recent Store Visits');
    await expect(visits.getByRole('row', { name: /^Q4 operations visit / })).toBeVisible();

    const utrecht = performanceAnswer(page, await restaurantId(page, UTRECHT));
    await choose(page, UTRECHT);
    await expect(visits.getByRole('row', { name: /^Terrace permit check / })).toBeVisible();
    await expect(visits.getByRole('row', { name: /^Q4 operations visit / })).toHaveCount(0);
    await expectFigures(page, await utrecht);

    await page.getByRole('button', { name: 'Clear restaurant' }).click();
    await expect(page.getByText('Please select a restaurant to view performance data.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Staff' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a failing board shows Failed to load store visits while the audits and staff still show', {
    tag: '@board-errors',
  }, async ({ page }) => {
    await signInAs(page, 'hq');
    const amsterdam = performanceAnswer(page, await restaurantId(page, AMSTERDAM));
    await fakeServices.setMondayMode('errors-on-200');
    try {
      await page.goto('/store-performance');
      await expect(page.getByRole('alert')).toHaveText('Failed to load store visits');
      await expect(table(page, 'Recent Store Visits')).toContainText('No store visits found for this restaurant');
      await expectFigures(page, await amsterdam);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await fakeServices.setMondayMode('ok');
    }
  });

  test('on a phone the tables scroll sideways, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'hq', '/store-performance');
    await page.getByRole('button', { name: 'Show notes of Q4 operations visit' }).click();
    await expect(page.getByRole('list', { name: 'Notes of Q4 operations visit' })).toBeVisible();
    await expect(table(page, 'Staff Members')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const scroller = page.getByRole('group', { name: 'Recent Store Visits' });
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
