import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, managerRestaurants, seriousViolations, signInAs, test } from './fixtures';

/**
 * Issue 36, the activity log's screen (decision 044): hq filters it, exports it and checks
 * its chain; a manager sees their restaurant's record changes only, on a phone too.
 */

const HQ_NAME = 'Hannah Quist';
/** A screen's first draw after a lazy chunk, on a machine the whole suite shares. */
const DRAWN = { timeout: 30_000 };

test('hq exports a list, finds the export in the log by kind and person, downloads the log and verifies it', async ({
  page,
}) => {
  await test.step('an export of Staff Management leaves an entry', async () => {
    await signInAs(page, 'hq', '/staff-management');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    await downloading;
  });

  await test.step('the log, filtered by kind and person, shows it with its row count', async () => {
    await page.getByRole('link', { name: 'Activity Log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible(DRAWN);
    await page.getByRole('combobox', { name: 'Activity' }).click();
    await page.getByRole('option', { name: 'List exported', exact: true }).click();
    await expect(page).toHaveURL(/kind=export/);
    const person = page.getByRole('combobox', { name: 'Person' });
    await person.click();
    await person.fill('Hannah');
    await page.getByRole('option', { name: HQ_NAME, exact: true }).click();
    await expect(page).toHaveURL(/person=/);
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow).toContainText('List exported');
    await expect(firstRow).toContainText(HQ_NAME);
    await expect(firstRow).toContainText('export: staff');
    await expect(firstRow).toContainText(/rows: \d+/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('the CSV is the filtered log', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile(await download.path()), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.Activity === 'export' && record.Person === HQ_NAME)).toBe(true);
    expect(records[0]?.Details).toContain('"list":"staff"');
  });

  await test.step('Verify: the chain is intact', async () => {
    await page.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activity log verification' });
    await expect(dialog.getByText(/^Log intact: \d+ entries checked\.$/)).toBeVisible(DRAWN);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('a day range in the future: nothing, and a clear way back', async () => {
    await page.getByLabel('From', { exact: true }).fill('2099-01-01');
    await expect(page.getByText('No activity found')).toBeVisible();
    await expect(page.getByText('Try other filters.')).toBeVisible();
  });
});

test("a manager on a phone: their restaurant's record changes, never sign-ins or exports, no Verify", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'manager', '/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible(DRAWN);
  await expect(page.getByText("Changes to your restaurant's records: who, when and what")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);

  // They have just signed in, and may have exported: neither is theirs to see here.
  const listed = await page.request.get('/api/activity?pageSize=100');
  expect(listed.status()).toBe(200);
  const { items } = (await listed.json()) as { items: { kind: string; restaurant: { name: string } | null }[] };
  expect(items.filter((entry) => entry.kind.startsWith('auth.') || entry.kind === 'export')).toEqual([]);
  expect(items.every((entry) => entry.restaurant && managerRestaurants.includes(entry.restaurant.name))).toBe(true);

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Activity' }).click();
  // Only the kinds they can see are offered.
  await expect(page.getByRole('option', { name: 'Audit submitted', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Signed in', exact: true })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'List exported', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Audit submitted', exact: true }).click();
  await expect(page).toHaveURL(/kind=audit.submitted/);
  // Cards on a phone: each one that is there is an audit submitted in their restaurant.
  await expect(page.getByRole('status', { name: 'Loading the activity log' })).toHaveCount(0);
  const cards = page.getByRole('listitem');
  for (const card of await cards.all()) await expect(card).toContainText('Audit submitted');
  expect(await seriousViolations(page)).toEqual([]);

  // Another restaurant's log is refused outright.
  const restaurants = (await (await page.request.get('/api/me')).json()) as { restaurants: { id: string }[] };
  const mine = new Set(restaurants.restaurants.map((restaurant) => restaurant.id));
  const other = '00000000-0000-4000-8000-000000000000';
  expect(mine.has(other)).toBe(false);
  expect((await page.request.get(`/api/activity?restaurantId=${other}`)).status()).toBe(403);
  expect((await page.request.post('/api/activity/verify', { data: {} })).status()).toBe(403);
});
