import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, signInAs, test } from './fixtures';

/**
 * Issue 21 on the audit and Actions lists: a sorted audit list survives a reload, a link
 * to a filtered Actions list opens filtered in a new page, and the audit list downloads
 * as the CSV of what the screen shows. Everything is made in Amsterdam, which the other
 * specs audit too, under names made here, and searched for by those names.
 */
const AMSTERDAM = 'Brigade Amsterdam Centraal';
const HQ_NAME = 'Hannah Quist';

type Mark = 'bad' | 'needs_improvement' | 'good' | 'excellent';

/** Other files run at the same time on the same database: every name made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

async function createTemplate(request: APIRequestContext, name: string, items: readonly string[]) {
  const response = await request.post('/api/audit-templates', {
    data: { name, items: items.map((text) => ({ text })) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A completed Amsterdam audit by Hannah Quist from the template, marked `marks`, made through the API as hq. */
async function completedAudit(request: APIRequestContext, templateId: string, marks: readonly Mark[]) {
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const auditors = (await (await request.get('/api/audits/auditors')).json()) as { id: string; name: string }[];
  const created = await request.post('/api/audits', {
    data: {
      restaurantId: restaurants.find((restaurant) => restaurant.name === AMSTERDAM)?.id,
      templateIds: [templateId],
      auditorId: auditors.find((auditor) => auditor.name === HQ_NAME)?.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const draft = (await (await request.get(`/api/audits/${id}`)).json()) as { version: number; items: { id: string }[] };
  const submitted = await request.post(`/api/audits/${id}/submit`, {
    data: {
      version: draft.version,
      items: draft.items.map((item, index) => ({ id: item.id, mark: marks[index], comment: null })),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return (await submitted.json()) as {
    id: string;
    finalScore: number;
    items: { itemText: string; actions: { id: string; version?: number }[] }[];
  };
}

/**
 * Three audits of a new two-item template, made in an order that neither score order
 * follows; only Good and Excellent marks, so no corrective action is made.
 */
async function threeScoredAudits(request: APIRequestContext, templateName: string) {
  const templateId = await createTemplate(request, templateName, ['Counters wiped', 'Menus clean']);
  const middle = await completedAudit(request, templateId, ['good', 'excellent']);
  const best = await completedAudit(request, templateId, ['excellent', 'excellent']);
  const lowest = await completedAudit(request, templateId, ['good', 'good']);
  return { middle, best, lowest };
}

/** The table rows of the audits made under `templateName`, and their Status (score) cells. */
function scoreCells(page: Page, templateName: string) {
  return page.getByRole('row').filter({ hasText: templateName }).locator('td:nth-child(5)');
}

test.describe('The audit and Actions lists keep their view in the address (issue 21)', () => {
  // Each test makes its audits through the API first, on two cores shared with the servers.
  test.slow();

  test('hq sorts the audits by score, reloads, and sees the same order', async ({ page }) => {
    const templateName = uniqueName('Sorted Checks');
    await signInAs(page, 'hq', '/audits-management');
    const { middle, best, lowest } = await threeScoredAudits(page.request, templateName);
    const percent = (audit: { finalScore: number }) => `${audit.finalScore}%`;

    await page.getByLabel('Search audits').fill(templateName);
    await expect(page).toHaveURL(/[?&]search=/);
    // Newest first without a choice.
    await expect(scoreCells(page, templateName)).toHaveText([percent(lowest), percent(best), percent(middle)]);

    const status = page.getByRole('columnheader', { name: 'Status' });
    await status.getByRole('button').click();
    // A score's first click starts with the best.
    await expect(status).toHaveAttribute('aria-sort', 'descending');
    await expect(scoreCells(page, templateName)).toHaveText([percent(best), percent(middle), percent(lowest)]);
    await status.getByRole('button').click();
    await expect(status).toHaveAttribute('aria-sort', 'ascending');
    await expect(scoreCells(page, templateName)).toHaveText([percent(lowest), percent(middle), percent(best)]);
    await expect(page).toHaveURL(/[?&]sort=score/);
    await expect(page).toHaveURL(/[?&]order=asc/);

    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('columnheader', { name: 'Date' })).not.toHaveAttribute('aria-sort', /.+/);
    await expect(page.getByLabel('Search audits')).toHaveValue(templateName);
    await expect(scoreCells(page, templateName)).toHaveText([percent(lowest), percent(middle), percent(best)]);
  });

  test('hq exports the sorted, searched audit list and reads the CSV', async ({ page }) => {
    const templateName = uniqueName('Exported Checks');
    await signInAs(page, 'hq', '/audits-management');
    const { middle, best, lowest } = await threeScoredAudits(page.request, templateName);

    await page.getByLabel('Search audits').fill(templateName);
    await expect(page.getByRole('row').filter({ hasText: templateName })).toHaveCount(3);
    const status = page.getByRole('columnheader', { name: 'Status' });
    await status.getByRole('button').click();
    await expect(status).toHaveAttribute('aria-sort', 'descending');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audits-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(await readFile(await download.path()), { bom: true }) as string[][];
    expect(records[0]).toEqual([
      'Audit ID',
      'Date',
      'Restaurant',
      'Restaurant ID',
      'Templates',
      'Auditor',
      'Status',
      'Score',
    ]);
    // What the screen shows, in its order: the best first.
    expect(
      records.slice(1).map((record) => [record[0], record[2], record[4], record[5], record[6], record[7]]),
    ).toEqual(
      [best, middle, lowest].map((audit) => [
        audit.id,
        AMSTERDAM,
        templateName,
        HQ_NAME,
        // The status in the reader's words, as the screen shows it (issue 31).
        'Completed',
        String(audit.finalScore),
      ]),
    );
    for (const record of records.slice(1)) expect(record[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('a link to a filtered, sorted Actions list opens the same list in a new page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const templateName = uniqueName('Linked Findings');
    await signInAs(page, 'hq', '/actions');
    const templateId = await createTemplate(page.request, templateName, ['Grease trap emptied', 'Hood filters clean']);
    const audit = await completedAudit(page.request, templateId, ['bad', 'needs_improvement']);
    const [trap, hood] = audit.items.map((item) => item.actions[0]?.id ?? '');
    const resolved = await page.request.post(`/api/actions/${hood}/resolve`, {
      data: { note: 'Filters replaced.', version: 1 },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);
    expect(trap).not.toBe('');

    const findings = (target: Page) => target.getByRole('row').filter({ hasText: templateName }).getByRole('link');
    await page.getByRole('searchbox', { name: 'Search actions' }).fill(templateName);
    // Open actions without a choice.
    await expect(findings(page)).toHaveText(['Grease trap emptied']);
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await expect(findings(page)).toHaveText(['Grease trap emptied', 'Hood filters clean']);
    const finding = page.getByRole('columnheader', { name: 'Finding' });
    await finding.getByRole('button').click();
    await finding.getByRole('button').click();
    await expect(finding).toHaveAttribute('aria-sort', 'descending');
    await expect(findings(page)).toHaveText(['Hood filters clean', 'Grease trap emptied']);
    await expect(page).toHaveURL(/[?&]status=all/);
    const link = page.url();

    const context = await browser.newContext({ baseURL });
    try {
      const shared = await context.newPage();
      await signInAs(shared, 'hq', link);
      await expect(shared.getByRole('heading', { level: 1, name: 'Corrective Actions' })).toBeVisible();
      await expect(shared.getByRole('searchbox', { name: 'Search actions' })).toHaveValue(templateName);
      await expect(shared.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('All');
      await expect(shared.getByRole('columnheader', { name: 'Finding' })).toHaveAttribute('aria-sort', 'descending');
      await expect(findings(shared)).toHaveText(['Hood filters clean', 'Grease trap emptied']);

      // A link as a dashboard card writes it by hand: only the resolved one.
      const handWritten = await context.newPage();
      await handWritten.goto(`/actions?status=resolved&search=${encodeURIComponent(templateName)}`);
      await expect(handWritten.getByRole('heading', { level: 1, name: 'Corrective Actions' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(handWritten.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Resolved');
      await expect(findings(handWritten)).toHaveText(['Hood filters clean']);
    } finally {
      await context.close();
    }
  });
});
