import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, nameAndLinkViolations, seriousViolations, signInAs, test } from './fixtures';

/**
 * Issue 19, corrective actions on a phone: a finding becomes an action on submit, the
 * manager resolves it from the Actions screen and the dashboard's open count drops, and
 * hq reopens it. Utrecht: the other specs audit Amsterdam only, so its counts are ours.
 */
const UTRECHT = 'Brigade Utrecht Neude';
const HQ_NAME = 'Hannah Quist';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test.use(PHONE);

/** A fresh two-item template and a draft of Utrecht from it, made through the API as hq. */
async function utrechtDraft(request: APIRequestContext, items: readonly [string, string]) {
  const template = await request.post('/api/audit-templates', {
    data: { name: `Actions e2e ${items[0]}`, items: items.map((text) => ({ text })) },
  });
  expect(template.status()).toBe(201);
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const auditors = (await (await request.get('/api/audits/auditors')).json()) as { id: string; name: string }[];
  const created = await request.post('/api/audits', {
    data: {
      restaurantId: restaurants.find((restaurant) => restaurant.name === UTRECHT)?.id,
      templateIds: [(await template.json()).id],
      auditorId: auditors.find((auditor) => auditor.name === HQ_NAME)?.id,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A completed Utrecht audit whose first item is Bad, made through the API as hq; returns its audit id. */
async function auditWithFinding(request: APIRequestContext, finding: string) {
  const id = await utrechtDraft(request, [finding, `${finding}, second check`]);
  const draft = (await (await request.get(`/api/audits/${id}`)).json()) as { version: number; items: { id: string }[] };
  const submitted = await request.post(`/api/audits/${id}/submit`, {
    data: {
      version: draft.version,
      items: draft.items.map((item, index) => ({ id: item.id, mark: index === 0 ? 'bad' : 'good', comment: null })),
    },
  });
  expect(submitted.status()).toBe(200);
  return id;
}

/** The corrective actions card's "Open" link: its name is the text it shows ("3 Open"), as voice control needs. */
const openLink = (page: Page) =>
  page.getByRole('region', { name: 'Corrective Actions' }).getByRole('link', { name: /^\d+\s*Open$/ });

/** The figure the dashboard's corrective actions card shows. */
async function openCount(page: Page) {
  const link = openLink(page);
  await expect(link).toBeVisible();
  return Number((await link.innerText()).match(/\d+/)?.[0]);
}

test('the manager resolves a finding on a phone, the open count drops, and hq reopens it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const finding = `Hand-wash sink stocked ${Date.now()}`;
  let auditId = '';
  let actionPath = '';

  await test.step('hq: submitting an audit with a Bad item makes its action, linked from the audit page', async () => {
    await signInAs(page, 'hq', '/audits-management');
    auditId = await auditWithFinding(page.request, finding);
    await page.goto(`/audits/${auditId}`);
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: finding }).first();
    await expect(item.getByRole('link', { name: 'Corrective action' })).toBeVisible();
    await expect(item.getByText(/^Open · due/)).toBeVisible();
    // hq adds a follow-up to the Good item too.
    const good = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: `${finding}, second check` });
    await expect(good.getByRole('link', { name: 'Corrective action' })).toHaveCount(0);
    await good.getByRole('button', { name: `Add action for ${finding}, second check` }).click();
    await expect(page.getByText('Action added')).toBeVisible();
    await expect(good.getByRole('link', { name: 'Corrective action' })).toBeVisible();
  });

  const managerContext = await browser.newContext(PHONE);
  const manager = await managerContext.newPage();
  try {
    let before = 0;
    await test.step('manager: the dashboard counts the open action of Utrecht', async () => {
      await signInAs(manager, 'manager', '/dashboard-manager');
      await manager.getByRole('radiogroup', { name: 'Restaurant' }).getByText(UTRECHT).click();
      await expect(manager.getByRole('link', { name: /^Total Staff/ })).toContainText(`Staff of ${UTRECHT}`);
      before = await openCount(manager);
      expect(before).toBeGreaterThan(0);
    });

    await test.step('manager: the card opens the open actions; a search finds the finding; its page shows the context', async () => {
      await openLink(manager).click();
      await expect(manager).toHaveURL(/\/actions\?status=open/);
      await expect(manager.getByRole('heading', { level: 1, name: 'Corrective Actions' })).toBeVisible();
      // On a phone the header's Export CSV comes after the subtitle, and the choices fold behind "Filters".
      const subtitle = await manager.getByText('Findings of your restaurant to follow up').boundingBox();
      const exportCsv = await manager.getByRole('link', { name: 'Export CSV' }).boundingBox();
      expect(exportCsv?.y).toBeGreaterThan(subtitle?.y ?? Number.POSITIVE_INFINITY);
      const filters = manager.getByRole('button', { name: /^Filters/ });
      await expect(filters).toHaveAttribute('aria-expanded', 'false');
      await expect(manager.getByRole('combobox', { name: 'Status', exact: true })).toBeHidden();
      await filters.click();
      await manager.getByRole('combobox', { name: 'Status', exact: true }).click();
      await manager.getByRole('option', { name: 'All', exact: true }).click();
      await expect(filters).toHaveAccessibleName(/^Filters\s*1$/);
      await manager.getByRole('searchbox', { name: 'Search actions' }).fill(finding);
      await expect(manager).toHaveURL(/search=/);
      // Both actions of the audit's template match: the Bad finding and hq's follow-up.
      const cards = manager.getByRole('main').getByRole('listitem');
      await expect(cards).toHaveCount(2);
      const card = cards.filter({ has: manager.getByRole('link', { name: finding, exact: true }) });
      await expect(card).toContainText('Bad');
      expect(await seriousViolations(manager)).toEqual([]);
      await card.getByRole('link', { name: finding, exact: true }).click();
      await expect(manager.getByRole('heading', { level: 1, name: finding })).toBeVisible();
      actionPath = new URL(manager.url()).pathname;
      await expect(manager.getByRole('link', { name: /^Audit of / })).toHaveAttribute('href', `/audits/${auditId}`);
      await expect(manager.getByText('Created', { exact: true })).toBeVisible();
      // Only hq reassigns or moves the due date.
      await expect(manager.getByRole('heading', { name: 'Owners' })).toHaveCount(0);
    });

    await test.step('manager: a note is required, then the action is resolved and its history says so', async () => {
      await manager.getByRole('button', { name: 'Resolve Action' }).click();
      await expect(manager.getByText('Please describe what was done')).toBeVisible();
      await manager
        .getByRole('textbox', { name: 'What was done' })
        .fill('Refilled soap and towels; added to the opening list.');
      await manager.getByRole('button', { name: 'Resolve Action' }).click();
      await expect(manager.getByText('Action resolved')).toBeVisible();
      await expect(manager.getByRole('heading', { name: 'Resolution' })).toBeVisible();
      await expect(manager.getByText('Resolved', { exact: true }).first()).toBeVisible();
      await expect(manager.getByRole('button', { name: 'Resolve Action' })).toHaveCount(0);
      // Reopening is head office's.
      await expect(manager.getByRole('button', { name: 'Reopen Action' })).toHaveCount(0);
    });

    await test.step("manager: the dashboard's open count dropped by one", async () => {
      await manager.goto('/dashboard-manager');
      await expect(manager.getByRole('link', { name: /^Total Staff/ })).toContainText(`Staff of ${UTRECHT}`);
      await expect(openLink(manager)).toHaveText(new RegExp(`^${before - 1}\\s*Open$`));
    });
  } finally {
    await managerContext.close();
  }

  await test.step('hq: reopens it with a reason after confirming; the history keeps both', async () => {
    await page.goto(actionPath);
    await expect(page.getByRole('heading', { name: 'Reopen' })).toBeVisible();
    await page.getByRole('button', { name: 'Reopen Action' }).click();
    await expect(page.getByText('Please give a reason for reopening')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reason' }).fill('The towel dispenser is still empty.');
    await page.getByRole('button', { name: 'Reopen Action' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reopen this action?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByText('Action reopened')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resolve Action' })).toBeVisible();
    await expect(page.getByText('The towel dispenser is still empty.')).toBeVisible();
    await expect(page.getByText('Refilled soap and towels; added to the opening list.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** A photo as a phone's camera hands it over: a JPEG of a few colours, made here. */
async function cameraPhoto(name: string) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2980b9' } })
    .composite([
      { input: { create: { width: 400, height: 900, channels: 3, background: '#e67e22' } }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function managerOpenCount(manager: Page) {
  await manager.goto('/dashboard-manager');
  await manager.getByRole('radiogroup', { name: 'Restaurant' }).getByText(UTRECHT).click();
  await expect(manager.getByRole('link', { name: /^Total Staff/ })).toContainText(`Staff of ${UTRECHT}`);
  return openCount(manager);
}

async function storePerformanceOpenCount(page: Page) {
  await page.goto('/store-performance');
  await page.getByRole('combobox', { name: 'Restaurant', exact: true }).click();
  await page.getByRole('option', { name: UTRECHT, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Restaurant', exact: true })).toHaveValue(UTRECHT);
  return openCount(page);
}

test('the whole loop on phones: a photo from the camera, submit, the action appears, the manager resolves it with a photo of the fix, the counts move, the report downloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const items = [`Walk-in fridge at 4 °C or below ${stamp}`, `Floors dry and clean ${stamp}`] as const;
  const managerContext = await browser.newContext(PHONE);
  const manager = await managerContext.newPage();
  let actionPath = '';
  try {
    await signInAs(manager, 'manager', '/dashboard-manager');
    const managerBefore = await managerOpenCount(manager);
    await signInAs(page, 'hq', '/audits-management');
    const hqBefore = await storePerformanceOpenCount(page);
    expect(await nameAndLinkViolations(page)).toEqual([]);
    const auditId = await utrechtDraft(page.request, items);

    await test.step('hq conducts the audit on a phone: a photo from the camera input, a Bad mark, submit', async () => {
      await page.goto(`/audits/${auditId}`);
      const photos = page.getByRole('group', { name: `Photos of ${items[0]}` });
      await photos
        .locator('input[type="file"][capture="environment"]')
        .setInputFiles(await cameraPhoto('IMG_0042.jpg'));
      await expect(photos.getByRole('img', { name: `${items[0]}: photo 1` })).toBeVisible();
      await page.getByRole('textbox', { name: `Comment for ${items[0]}` }).fill('Thermometer shows 9 °C');
      await page.getByRole('radiogroup', { name: items[0] }).getByRole('radio', { name: 'Bad', exact: true }).check();
      await page.getByRole('radiogroup', { name: items[1] }).getByRole('radio', { name: 'Good', exact: true }).check();
      await page.getByRole('button', { name: 'Submit Audit' }).click();
      await expect(page.getByText(/Audit submitted: score/)).toBeVisible();
    });

    await test.step('the finding links to its new open action; the good item has none', async () => {
      const finding = page.getByRole('main').getByRole('listitem').filter({ hasText: items[0] }).first();
      await expect(finding.getByRole('button', { name: `Open photo 1 of 1: ${items[0]}` })).toBeVisible();
      await expect(finding.getByRole('link', { name: 'Corrective action' })).toBeVisible();
      await expect(finding.getByText(/^Open · due/)).toBeVisible();
      const good = page.getByRole('main').getByRole('listitem').filter({ hasText: items[1] }).first();
      await expect(good.getByRole('link', { name: 'Corrective action' })).toHaveCount(0);
    });

    await test.step("the counts went up by one: Store Performance (hq) and the manager's dashboard", async () => {
      expect(await storePerformanceOpenCount(page)).toBe(hqBefore + 1);
      expect(await managerOpenCount(manager)).toBe(managerBefore + 1);
    });

    await test.step('the manager opens the action, adds a photo of the fix from the camera, resolves it', async () => {
      await openLink(manager).click();
      await manager.getByRole('searchbox', { name: 'Search actions' }).fill(items[0]);
      await manager.getByRole('main').getByRole('listitem').getByRole('link', { name: items[0] }).click();
      await expect(manager.getByRole('heading', { level: 1, name: items[0] })).toBeVisible();
      actionPath = new URL(manager.url()).pathname;
      await expect(manager.getByRole('button', { name: /^Open photo 1 of 1/ }).first()).toBeVisible();
      const fix = manager.getByRole('group', { name: `Photos of Fix of ${items[0]}` });
      await fix.locator('input[type="file"][capture="environment"]').setInputFiles(await cameraPhoto('IMG_0043.jpg'));
      await expect(fix.getByRole('img', { name: `Fix of ${items[0]}: photo 1` })).toBeVisible();
      await expect(manager.getByText('Photo added', { exact: false }).first()).toBeVisible();
      await manager.getByRole('textbox', { name: 'What was done' }).fill('Fridge serviced; it holds 3 °C now.');
      await manager.getByRole('button', { name: 'Resolve Action' }).click();
      await expect(manager.getByText('Action resolved')).toBeVisible();
      const resolution = manager.getByRole('region', { name: 'Resolution' });
      await expect(resolution.getByText('Fridge serviced; it holds 3 °C now.')).toBeVisible();
      await expect(resolution.getByRole('button', { name: /^Open photo 1 of 1/ })).toBeVisible();
    });

    await test.step('the counts are back where they were', async () => {
      expect(await managerOpenCount(manager)).toBe(managerBefore);
      expect(await storePerformanceOpenCount(page)).toBe(hqBefore);
    });

    await test.step('the manager downloads the report from the audit page', async () => {
      await manager.goto(`/audits/${auditId}`);
      const [download] = await Promise.all([
        manager.waitForEvent('download'),
        manager.getByRole('link', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^audit-brigade-utrecht-neude-\d{4}-\d{2}-\d{2}\.pdf$/);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // Two photos (the evidence and the fix) make it far bigger than text alone.
      expect(bytes.length).toBeGreaterThan(20_000);
    });
  } finally {
    await managerContext.close();
  }

  await test.step("hq reopens it: the new Resolve form starts without the old fix's photo; one Owners card after each save", async () => {
    await page.goto(actionPath);
    const owners = page.getByRole('heading', { name: 'Owners', exact: true });
    await expect(owners).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Reason' }).fill('The seal is still loose.');
    await page.getByRole('button', { name: 'Reopen Action' }).click();
    await page.getByRole('dialog', { name: 'Reopen this action?' }).getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByText('Action reopened')).toBeVisible();
    const fix = page.getByRole('group', { name: `Photos of Fix of ${items[0]}` });
    await expect(fix).toBeVisible();
    await expect(fix.getByRole('img')).toHaveCount(0);
    // The old fix's photo stays, apart from the new one.
    const earlier = page.getByRole('region', { name: 'Photos of earlier fixes' });
    await expect(earlier.getByRole('button', { name: /^Open photo 1 of 1/ })).toBeVisible();
    await expect(owners).toHaveCount(1);
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: 'Due on' }).fill(later);
    await page.getByRole('button', { name: 'Save Due Date' }).click();
    await expect(page.getByText('Due date updated')).toBeVisible();
    await expect(owners).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Due date', exact: true })).toHaveCount(1);
  });
});
