import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { created, expect, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 21, the assignment overview: its search, filters, sort and page live in the
 * address, so a reload and a shared link show the same people in the same order, and
 * Export CSV downloads that view, one line per assignment. The announcements list keeps
 * its sort and filter in the address too, and `?new` still opens the form.
 */
const AMSTERDAM = 'Brigade Amsterdam Centraal';

/**
 * Three staff of Amsterdam and two trainings, made as hq through the API. Everyone has
 * "Sorting"; its due dates order them Bo, Cy, Ada. Only Ada and Cy have "Filtered".
 */
async function createOverview(request: APIRequestContext, tag: string) {
  const categories = (await (await request.get('/api/training-categories')).json()) as { id: string }[];
  const training = async (title: string) =>
    created(
      await request.post('/api/trainings', {
        data: { title, description: 'Made for the list tests.', categoryIds: [categories[0]?.id], videos: [] },
      }),
    );
  const sorting = await training(`Sorting ${tag}`);
  const filtered = { ...(await training(`Filtered ${tag}`)), title: `Filtered ${tag}` };
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const amsterdam = restaurants.find((restaurant) => restaurant.name === AMSTERDAM);
  const staff = async (first: string) => {
    const name = `${first} ${tag}`;
    const email = `${first.toLowerCase()}.${tag}@example.com`;
    const person = await created(
      await request.post('/api/users', {
        data: { name, email, password: 'list-tests-123', role: 'staff', selectedRestaurants: [amsterdam?.id] },
      }),
    );
    return { id: person.id, name, email };
  };
  const ada = await staff('Ada');
  const bo = await staff('Bo');
  const cy = await staff('Cy');
  const assign = async (trainingId: string, staffId: string, dueAt: string) => {
    const response = await request.post('/api/training-assignments', {
      data: { trainingIds: [trainingId], staffIds: [staffId], dueAt },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await assign(sorting.id, ada.id, '2099-03-01T09:00:00.000Z');
  await assign(sorting.id, bo.id, '2099-01-01T09:00:00.000Z');
  await assign(sorting.id, cy.id, '2099-02-01T09:00:00.000Z');
  await assign(filtered.id, ada.id, '2099-04-01T09:00:00.000Z');
  await assign(filtered.id, cy.id, '2099-05-01T09:00:00.000Z');
  return { sorting, filtered, ada, bo, cy };
}

/** The people of the overview, in the order they are shown. */
function people(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 2 });
}

test.describe('The assignment overview keeps its view in the address (issue 21)', () => {
  test('hq sorts the overview by next due date, reloads, and sees the same order', async ({ page }) => {
    test.slow();
    const tag = uniqueTag();
    await signInAs(page, 'hq', '/training-assignments');
    const { ada, bo, cy } = await createOverview(page.request, tag);

    await page.getByRole('searchbox', { name: 'Search assignments' }).fill(tag);
    // By name without a choice.
    await expect(people(page)).toHaveText([ada.name, bo.name, cy.name]);
    await expect(page).toHaveURL(/[?&]search=/);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Next due date', exact: true }).click();
    await expect(people(page)).toHaveText([bo.name, cy.name, ada.name]);
    await expect(page).toHaveURL(/[?&]sort=nextDueAt/);
    await expect(page.getByRole('region', { name: bo.name })).toContainText('Next due 1 Jan 2099');

    await page.getByRole('button', { name: 'Ascending: sort descending' }).click();
    await expect(people(page)).toHaveText([ada.name, cy.name, bo.name]);
    await expect(page).toHaveURL(/[?&]order=desc/);

    await page.reload();
    await expect(people(page)).toHaveText([ada.name, cy.name, bo.name]);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Next due date');
    await expect(page.getByRole('button', { name: 'Descending: sort ascending' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search assignments' })).toHaveValue(tag);
  });

  test('a shared link to a filtered, sorted overview opens the same view in a new page; its CSV is that view', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const tag = uniqueTag();
    await signInAs(page, 'hq', '/training-assignments');
    const { filtered, ada, cy } = await createOverview(page.request, tag);
    // The Training filter's choices were read when the page opened, before "Filtered" existed.
    await page.reload();

    // hq filters by a training, searches and sorts: the address is the link to share.
    await page.getByRole('combobox', { name: 'Training' }).fill(filtered.title);
    await page.getByRole('option', { name: filtered.title, exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search assignments' }).fill(tag);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name', exact: true }).click();
    await page.getByRole('button', { name: 'Ascending: sort descending' }).click();
    await expect(people(page)).toHaveText([cy.name, ada.name]);
    await expect(page).toHaveURL(new RegExp(`trainingId=${filtered.id}`));
    // The search reaches the address once typing settles; the two people show before it does.
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const link = page.url();

    const context = await browser.newContext({ baseURL });
    const shared = await context.newPage();
    await signInAs(shared, 'hq', link);
    await expect(people(shared)).toHaveText([cy.name, ada.name]);
    await expect(shared.getByRole('searchbox', { name: 'Search assignments' })).toHaveValue(tag);
    await expect(shared.getByRole('combobox', { name: 'Training' })).toHaveValue(filtered.title);
    await expect(shared.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Name');

    // Export CSV: the view as shown, one line per listed assignment (the filtered training only).
    const downloading = shared.waitForEvent('download');
    await shared.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^training-assignments-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile(await download.path()), { bom: true }) as string[][];
    expect(records).toEqual([
      [
        'Name',
        'Email',
        'Role',
        'Restaurants',
        'Training',
        'Assigned at',
        'Due at',
        'Status',
        'Completed at',
        'Quiz score',
        'Quiz passed',
      ],
      [
        cy.name,
        cy.email,
        'Staff',
        AMSTERDAM,
        filtered.title,
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        '2099-05-01T09:00:00.000Z',
        'In Progress',
        '',
        '',
        '',
      ],
      [
        ada.name,
        ada.email,
        'Staff',
        AMSTERDAM,
        filtered.title,
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        '2099-04-01T09:00:00.000Z',
        'In Progress',
        '',
        '',
        '',
      ],
    ]);
    await context.close();
  });
});

test.describe('The announcements list keeps its view in the address (issue 21)', () => {
  test('hq sorts by title and filters on acknowledgement; a reload keeps both; ?new still opens the form', async ({
    page,
  }) => {
    // Three announcements notify the whole demo chain; a reload and two more pages follow.
    test.slow();
    const tag = uniqueTag();
    await signInAs(page, 'hq', '/announcements-management');
    for (const [title, requiresAck] of [
      [`Bravo notice ${tag}`, true],
      [`Alpha notice ${tag}`, false],
      [`Charlie notice ${tag}`, true],
    ] as const) {
      await created(
        await page.request.post('/api/announcements', {
          data: { title, description: 'Made for the list tests.', requiresAck },
        }),
      );
    }
    const titles = page.getByRole('list', { name: 'Announcements' }).getByRole('heading', { level: 2 });

    await page.getByRole('searchbox', { name: 'Search announcements' }).fill(tag);
    await expect(titles).toHaveText([`Charlie notice ${tag}`, `Alpha notice ${tag}`, `Bravo notice ${tag}`]);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Title', exact: true }).click();
    await page.getByRole('button', { name: 'Descending: sort ascending' }).click();
    await expect(titles).toHaveText([`Alpha notice ${tag}`, `Bravo notice ${tag}`, `Charlie notice ${tag}`]);
    await page.getByRole('combobox', { name: 'Acknowledgement' }).click();
    await page.getByRole('option', { name: 'Requires acknowledgement' }).click();
    await expect(titles).toHaveText([`Bravo notice ${tag}`, `Charlie notice ${tag}`]);
    await expect(page).toHaveURL(/[?&]requiresAck=true/);

    await page.reload();
    await expect(titles).toHaveText([`Bravo notice ${tag}`, `Charlie notice ${tag}`]);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Title');

    // The dashboard's Add link: the form opens, `new` leaves the address, the view stays.
    await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&new=1`);
    await expect(page.getByRole('form', { name: 'New Announcement' })).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]new=/);
    await expect(page).toHaveURL(/[?&]requiresAck=true/);
    await expect(titles).toHaveText([`Bravo notice ${tag}`, `Charlie notice ${tag}`]);
  });
});
