import type { APIRequestContext } from '@playwright/test';
import { expect, seriousViolations, signInAs, test } from './fixtures';

/**
 * Issue 20, findings that train: hq links a template item to a training in the template
 * form; an audit of Utrecht marks that item Bad; the manager sees the suggestion on their
 * dashboard, assigns it to the staff in one click, and the overview links each new
 * assignment to the finding. Utrecht and a training of its own, so other specs' data
 * cannot interfere.
 */
const UTRECHT = 'Brigade Utrecht Neude';
const HQ_NAME = 'Hannah Quist';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A training of the test's own, made as hq through the API. */
async function createTraining(request: APIRequestContext, title: string) {
  const categories = await ok<{ id: string; name: string }[]>(await request.get('/api/training-categories'));
  const hygiene = categories.find((category) => category.name === 'Hygiene') ?? categories[0];
  return ok<{ id: string }>(
    await request.post('/api/trainings', {
      data: { title, description: 'Made by the findings-that-train test', categoryIds: [hygiene?.id], videos: [] },
    }),
  );
}

/** A completed audit of Utrecht from the template, its first item Bad and the rest Good; returns its id. */
async function auditWithBadFinding(request: APIRequestContext, templateName: string) {
  const templates = await ok<{ id: string; name: string }[]>(await request.get('/api/audit-templates'));
  const restaurants = await ok<{ id: string; name: string }[]>(await request.get('/api/restaurants/options'));
  const auditors = await ok<{ id: string; name: string }[]>(await request.get('/api/audits/auditors'));
  const { id } = await ok<{ id: string }>(
    await request.post('/api/audits', {
      data: {
        restaurantId: restaurants.find((restaurant) => restaurant.name === UTRECHT)?.id,
        templateIds: [templates.find((template) => template.name === templateName)?.id],
        auditorId: auditors.find((auditor) => auditor.name === HQ_NAME)?.id,
      },
    }),
  );
  const draft = await ok<{ version: number; items: { id: string }[] }>(await request.get(`/api/audits/${id}`));
  await ok(
    await request.post(`/api/audits/${id}/submit`, {
      data: {
        version: draft.version,
        items: draft.items.map((item, index) => ({ id: item.id, mark: index === 0 ? 'bad' : 'good', comment: null })),
      },
    }),
  );
  return id;
}

test('a Bad finding on a linked item leads the manager to assign its training in one click', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  const training = `Hand hygiene ${tag}`;
  const templateName = `Hand wash check ${tag}`;
  const finding = 'Hand wash stocked';
  let auditId = '';

  await test.step('hq: the template form links an item to a training', async () => {
    await signInAs(page, 'hq', '/audit-templates');
    await createTraining(page.request, training);
    await page.getByRole('link', { name: 'Add Template' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Audit Template' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(templateName);
    await page.getByRole('textbox', { name: 'Item 1', exact: true }).fill(finding);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('textbox', { name: 'Item 2', exact: true }).fill('Floors clean');
    const select = page.getByRole('combobox', { name: 'Training for item 1' });
    await select.click();
    await select.fill(training);
    await page.getByRole('option', { name: training }).click();
    await expect(select).toHaveValue(training);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('Template created')).toBeVisible();
  });

  await test.step('hq: an audit marks the linked item Bad; the audit page shows the suggested training', async () => {
    auditId = await auditWithBadFinding(page.request, templateName);
    await page.goto(`/audits/${auditId}`);
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: finding }).first();
    await expect(item.getByText(training)).toBeVisible();
    await expect(item.getByText('Suggested', { exact: true })).toBeVisible();
  });

  const managerContext = await browser.newContext({ baseURL });
  const manager = await managerContext.newPage();
  try {
    await test.step('manager: the dashboard suggests the training; one click assigns it to the staff', async () => {
      await signInAs(manager, 'manager', '/dashboard-manager');
      await manager.getByRole('radiogroup', { name: 'Restaurant' }).getByText(UTRECHT).click();
      const panel = manager.getByRole('region', { name: 'Suggested trainings' });
      const row = panel.getByRole('listitem').filter({ hasText: training });
      await expect(row).toBeVisible();
      await expect(row).toContainText(finding);
      await expect(row).toContainText('Bad');
      expect(await seriousViolations(manager)).toEqual([]);
      await row.getByRole('button', { name: `Assign ${training} to staff` }).click();
      await expect(manager.getByText(new RegExp(`^${training} assigned to \\d+ staff members?`))).toBeVisible();
      await expect(row).toHaveCount(0);
    });

    await test.step('manager: the overview links each new assignment to the finding', async () => {
      await manager.goto('/training-assignments');
      await expect(manager.getByRole('heading', { level: 1, name: 'Training Assignments' })).toBeVisible();
      await manager.getByRole('searchbox', { name: 'Search assignments' }).fill(training);
      const toggle = manager.getByRole('button', { name: /^Show details of / }).first();
      await expect(toggle).toBeVisible();
      await toggle.click();
      const card = manager
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: manager.getByRole('heading', { name: training, exact: true }) })
        .first();
      const link = card.getByRole('link', { name: /^From audit of / });
      await expect(link).toHaveAttribute('href', `/audits/${auditId}`);
      await expect(card).toContainText(`: ${finding}`);
      await link.click();
      await expect(manager).toHaveURL(`/audits/${auditId}`);
      const item = manager.getByRole('main').getByRole('listitem').filter({ hasText: finding }).first();
      await expect(item.getByText('Assigned to staff', { exact: true })).toBeVisible();
    });
  } finally {
    await managerContext.close();
  }
});
