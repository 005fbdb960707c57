import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, signInAs, test } from './fixtures';

const ROTTERDAM = 'Brigade Rotterdam Markthal';
const ANTWERP = 'Brigade Antwerpen Meir';

interface RestaurantRef {
  id: string;
  name: string;
}

/** Other files run at the same time on the same database: every name made here carries this run's stamp. */
function stampOf() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The demo chain's active restaurants, as hq reads them. */
async function restaurantIds(page: Page) {
  const options = (await (await page.request.get('/api/restaurants/options')).json()) as RestaurantRef[];
  return (name: string) => {
    const id = options.find((restaurant) => restaurant.name === name)?.id;
    if (!id) throw new Error(`no restaurant ${name}`);
    return id;
  };
}

/** hq adds a staff member through the API (the form is Staff Management's own spec's). */
async function addStaff(page: Page, person: { name: string; email: string; restaurantIds: string[] }) {
  const response = await page.request.post('/api/users', {
    data: {
      name: person.name,
      email: person.email,
      password: 'brigade-e2e',
      role: 'staff',
      selectedRestaurants: person.restaurantIds,
    },
  });
  expect(response.status()).toBe(201);
}

/** The people rows of the table, top to bottom, by the name in their first cell. */
function peopleNames(page: Page) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Edit / }) })
    .locator('td:first-child p:first-child');
}

test.describe('Staff Management keeps its view in the address', () => {
  test('hq sorts by a column, reloads and sees the same order', async ({ page }) => {
    const stamp = stampOf();
    await signInAs(page, 'hq', '/staff-management');
    const idOf = await restaurantIds(page);
    // Names and emails in opposite orders: sorting by email reverses the list by name.
    const [a, b, c] = [`Lena ${stamp} A`, `Lena ${stamp} B`, `Lena ${stamp} C`];
    await addStaff(page, { name: a, email: `zz.lena.${stamp}@example.com`, restaurantIds: [idOf(ROTTERDAM)] });
    await addStaff(page, { name: b, email: `mm.lena.${stamp}@example.com`, restaurantIds: [idOf(ROTTERDAM)] });
    await addStaff(page, { name: c, email: `aa.lena.${stamp}@example.com`, restaurantIds: [idOf(ANTWERP)] });

    await page.getByLabel('Search staff').fill(stamp);
    await expect(peopleNames(page)).toHaveText([a, b, c]);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${stamp}(&|$)`));

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Email', exact: true }).click();
    await expect(peopleNames(page)).toHaveText([c, b, a]);
    await expect(page).toHaveURL(/[?&]sort=email(&|$)/);
    // The header says how the table is ordered; a click on the sorted column flips it.
    await page.getByRole('button', { name: 'Trainings', exact: true }).click();
    const trainingsHeader = page.getByRole('columnheader', { name: 'Trainings' });
    await expect(trainingsHeader).toHaveAttribute('aria-sort', 'ascending');
    const nameHeader = page.getByRole('columnheader', { name: 'Name and email' });
    await page.getByRole('button', { name: 'Name and email', exact: true }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'Name and email', exact: true }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(trainingsHeader).not.toHaveAttribute('aria-sort');
    await expect(peopleNames(page)).toHaveText([c, b, a]);
    // By name is the default sort, so only the direction is in the address.
    await expect(page).toHaveURL(/[?&]order=desc(&|$)/);
    expect(page.url()).not.toContain('sort=');

    await page.reload();
    await expect(page.getByLabel('Search staff')).toHaveValue(stamp);
    await expect(peopleNames(page)).toHaveText([c, b, a]);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  });

  test('a link to a searched list of one restaurant opens the same people for a colleague', async ({
    page,
    browser,
    baseURL,
  }) => {
    const stamp = stampOf();
    await signInAs(page, 'hq', '/staff-management');
    const idOf = await restaurantIds(page);
    const [graaf, jong, wit] = [`Anna ${stamp} de Graaf`, `Anna ${stamp} de Jong`, `Anna ${stamp} de Wit`];
    await addStaff(page, { name: graaf, email: `graaf.${stamp}@example.com`, restaurantIds: [idOf(ROTTERDAM)] });
    await addStaff(page, { name: jong, email: `jong.${stamp}@example.com`, restaurantIds: [idOf(ROTTERDAM)] });
    await addStaff(page, { name: wit, email: `wit.${stamp}@example.com`, restaurantIds: [idOf(ANTWERP)] });

    await page.getByLabel('Search staff').fill(`Anna ${stamp} de`);
    await expect(peopleNames(page)).toHaveText([graaf, jong, wit]);
    await page.getByRole('combobox', { name: 'Restaurant', exact: true }).click();
    await page.getByRole('option', { name: ROTTERDAM, exact: true }).click();
    await expect(peopleNames(page)).toHaveText([graaf, jong]);
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    // The search's space arrives encoded; the restaurant is its id.
    const link = new URL(page.url());
    expect(link.searchParams.get('search')).toBe(`Anna ${stamp} de`);
    expect(link.searchParams.get('restaurantId')).toBe(idOf(ROTTERDAM));

    const colleagueContext = await browser.newContext({ baseURL });
    const colleague = await colleagueContext.newPage();
    await signInAs(colleague, 'hq', `${link.pathname}${link.search}`);
    await expect(colleague.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
    await expect(peopleNames(colleague)).toHaveText([graaf, jong]);
    await expect(colleague.getByLabel('Search staff')).toHaveValue(`Anna ${stamp} de`);
    await expect(colleague.getByRole('combobox', { name: 'Restaurant', exact: true })).toHaveValue(ROTTERDAM);
    await expect(colleague.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    await colleagueContext.close();
  });

  test('hq exports the filtered, sorted list as CSV and reads it', async ({ page }) => {
    const stamp = stampOf();
    await signInAs(page, 'hq', '/staff-management');
    const idOf = await restaurantIds(page);
    const people = [
      {
        name: `Noor ${stamp} A`,
        email: `noor.a.${stamp}@example.com`,
        restaurantIds: [idOf(ROTTERDAM), idOf(ANTWERP)],
      },
      { name: `Noor ${stamp} B`, email: `noor.b.${stamp}@example.com`, restaurantIds: [idOf(ROTTERDAM)] },
    ];
    for (const person of people) await addStaff(page, person);
    // Somebody of another search, who must not be in the file.
    await addStaff(page, {
      name: `Other ${stamp}`,
      email: `other.${stamp}@example.com`,
      restaurantIds: [idOf(ANTWERP)],
    });

    await page.getByLabel('Search staff').fill(`Noor ${stamp}`);
    await expect(peopleNames(page)).toHaveText([`Noor ${stamp} A`, `Noor ${stamp} B`]);
    // Name is the sort already (the default): a click turns it around.
    await page.getByRole('button', { name: 'Name and email', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Name and email' })).toHaveAttribute('aria-sort', 'descending');
    await expect(peopleNames(page)).toHaveText([`Noor ${stamp} B`, `Noor ${stamp} A`]);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^staff-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile(await download.path()), { bom: true }) as string[][];
    expect(records).toEqual([
      ['Name', 'Email', 'Role', 'Status', 'Restaurants', 'Trainings completed', 'Trainings assigned'],
      [`Noor ${stamp} B`, `noor.b.${stamp}@example.com`, 'Staff', 'Active', ROTTERDAM, '0', '0'],
      [`Noor ${stamp} A`, `noor.a.${stamp}@example.com`, 'Staff', 'Active', `${ANTWERP}; ${ROTTERDAM}`, '0', '0'],
    ]);
  });

  test("a manager's sort survives a reload, and their export is the selected restaurant's staff", async ({ page }) => {
    await signInAs(page, 'manager', '/staff-management?sort=trainings&order=desc');
    await expect(page.getByRole('columnheader', { name: 'Trainings' })).toHaveAttribute('aria-sort', 'descending');
    const firstNames = await peopleNames(page).allTextContents();
    expect(firstNames.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Trainings' })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Training progress');

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const records = parse(await readFile(await (await downloading).path()), { bom: true }) as string[][];
    expect(records[0]).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'Restaurants',
      'Trainings completed',
      'Trainings assigned',
    ]);
    // Sam Bakker is the demo staff of Amsterdam, the manager's first restaurant.
    expect(records.some((record) => record[0] === 'Sam Bakker')).toBe(true);
    expect(records.slice(1).every((record) => record[2] === 'Staff')).toBe(true);
    // Highest share completed first, as on the screen.
    const shares = records.slice(1).map((record) => {
      const [completed, assigned] = [Number(record[5]), Number(record[6])];
      return assigned === 0 ? 1 : completed / assigned;
    });
    expect(shares).toEqual([...shares].sort((x, y) => y - x));
  });
});

test.describe('Restaurants keep their view in the address', () => {
  test('hq sorts by status, reloads and sees the same order', async ({ page }) => {
    const stamp = stampOf();
    await signInAs(page, 'hq', '/restaurants-management');
    const made: string[] = [];
    for (const [letter, active] of [
      ['A', true],
      ['B', false],
      ['C', true],
    ] as const) {
      const name = `Sortkit ${stamp} ${letter}`;
      const response = await page.request.post('/api/restaurants', {
        data: { name, city: 'Delft', country: 'Netherlands', address: `Markt ${letter}` },
      });
      expect(response.status()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      if (!active) {
        const patched = await page.request.patch(`/api/restaurants/${id}/active`, { data: { isActive: false } });
        expect(patched.status()).toBe(200);
      }
      made.push(name);
    }
    const [a, b, c] = made as [string, string, string];
    const names = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Edit / }) })
      .locator('td:first-child p:first-child');

    await page.getByLabel('Search restaurants').fill(`Sortkit ${stamp}`);
    await expect(names).toHaveText([a, b, c]);
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    // The inactive first.
    await expect(names).toHaveText([b, a, c]);
    await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    await page.reload();
    await expect(page.getByLabel('Search restaurants')).toHaveValue(`Sortkit ${stamp}`);
    await expect(names).toHaveText([b, a, c]);
    await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
  });
});
