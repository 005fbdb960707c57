import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

/** Other files run at the same time on the same database: every name made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

/** A category and three trainings in it, made as hq through the API, oldest first. */
async function createTrainings(page: Page, prefix: string) {
  const categoryResponse = await page.request.post('/api/training-categories', { data: { name: prefix } });
  expect(categoryResponse.status(), await categoryResponse.text()).toBe(201);
  const category = (await categoryResponse.json()) as { id: string };
  for (const [title, videoCount] of [
    [`${prefix} Bravo`, 3],
    [`${prefix} Alpha`, 1],
    [`${prefix} Charlie`, 2],
  ] as const) {
    const response = await page.request.post('/api/trainings', {
      data: {
        title,
        description: 'Made for the list tests.',
        categoryIds: [category.id],
        videos: Array.from({ length: videoCount }, (_, index) => ({ url: `https://videos.example.com/${index}.mp4` })),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return category;
}

/** The titles of the training cards, in the order they are shown. */
function cardTitles(page: Page) {
  return page.locator('.mantine-Card-root').getByRole('heading', { level: 2 });
}

test.describe('Lists keep their sort and filters in the address (issue 21)', () => {
  test('hq sorts the trainings by title, reloads, and sees the same order', async ({ page }) => {
    // Three sorts and a reload on a shared machine.
    test.slow();
    const prefix = uniqueName('Sorting');
    await signInAs(page, 'hq', '/trainings');
    await createTrainings(page, prefix);

    await page.getByLabel('Search trainings').fill(prefix);
    // Newest first without a choice.
    await expect(cardTitles(page)).toHaveText([`${prefix} Charlie`, `${prefix} Alpha`, `${prefix} Bravo`]);
    await expect(page).toHaveURL(/[?&]search=/);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Title', exact: true }).click();
    await page.getByRole('button', { name: 'Descending: sort ascending' }).click();
    await expect(cardTitles(page)).toHaveText([`${prefix} Alpha`, `${prefix} Bravo`, `${prefix} Charlie`]);
    await expect(page).toHaveURL(/[?&]sort=title&order=asc|[?&]order=asc&sort=title/);

    await page.getByRole('button', { name: 'Ascending: sort descending' }).click();
    await expect(cardTitles(page)).toHaveText([`${prefix} Charlie`, `${prefix} Bravo`, `${prefix} Alpha`]);

    await page.reload();
    // A reload on a busy machine can take longer than one expect's default.
    await expect(cardTitles(page)).toHaveText([`${prefix} Charlie`, `${prefix} Bravo`, `${prefix} Alpha`], {
      timeout: 30_000,
    });
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Title');
    await expect(page.getByLabel('Search trainings')).toHaveValue(prefix);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Videos', exact: true }).click();
    await expect(cardTitles(page)).toHaveText([`${prefix} Bravo`, `${prefix} Charlie`, `${prefix} Alpha`]);
  });

  test('staff open a shared link to a filtered trainings list in a new page and see the same trainings', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two people's sessions and three pages on a shared machine.
    test.slow();
    const prefix = uniqueName('Shared');
    await signInAs(page, 'hq', '/trainings');
    const category = await createTrainings(page, prefix);
    // The page asked for its categories before the new one existed.
    await page.reload();

    // hq filters by the new category and searches: the address is the link to share.
    await page.getByRole('group', { name: 'Filter by category' }).getByText(prefix, { exact: true }).click();
    await expect(cardTitles(page)).toHaveText([`${prefix} Charlie`, `${prefix} Alpha`, `${prefix} Bravo`]);
    await page.getByLabel('Search trainings').fill('Alpha');
    await expect(cardTitles(page)).toHaveText([`${prefix} Alpha`]);
    await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
    const link = page.url();

    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await signInAs(staff, 'staff', link);
    await expect(cardTitles(staff)).toHaveText([`${prefix} Alpha`], { timeout: 30_000 });
    await expect(staff.getByLabel('Search trainings')).toHaveValue('Alpha');
    await expect(staff.getByRole('checkbox', { name: prefix })).toBeChecked();

    // A link with only the category, written by hand: every training in it, newest first.
    const onlyCategory = await staffContext.newPage();
    await onlyCategory.goto(`/trainings?category=${category.id}`);
    await expect(cardTitles(onlyCategory)).toHaveText([`${prefix} Charlie`, `${prefix} Alpha`, `${prefix} Bravo`], {
      timeout: 30_000,
    });
    await staffContext.close();
  });

  test('hq sorts the audit templates by their Items header; a reload keeps the sort', async ({ page }) => {
    await signInAs(page, 'hq', '/audit-templates');
    // Two templates of very different sizes, so the order has something to show.
    for (const [name, itemCount] of [
      [uniqueName('Short list'), 1],
      [uniqueName('Long list'), 9],
    ] as const) {
      const response = await page.request.post('/api/audit-templates', {
        data: { name, items: Array.from({ length: itemCount }, (_, index) => ({ text: `Check ${index + 1}` })) },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.reload();
    const items = page.getByRole('columnheader', { name: 'Items' });
    /** The Items column as shown, top to bottom ("3 items" → 3). */
    const shownCounts = async () =>
      (await page.getByRole('row').locator('td:nth-child(3)').allTextContents()).map((text) =>
        Number.parseInt(text, 10),
      );
    const mostFirst = (counts: number[]) => [...counts].sort((a, b) => b - a);

    await items.getByRole('button').click();
    await expect(items).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=itemCount/);
    await items.getByRole('button').click();
    await expect(items).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]order=desc/);
    await expect
      .poll(async () => {
        const counts = await shownCounts();
        return counts.includes(1) && counts.includes(9) && counts.join() === mostFirst(counts).join();
      })
      .toBe(true);

    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Items' })).toHaveAttribute('aria-sort', 'descending', {
      timeout: 30_000,
    });
    await expect(page.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort', /.+/);
    const afterReload = await shownCounts();
    expect(afterReload).toEqual(mostFirst(afterReload));
  });
});
