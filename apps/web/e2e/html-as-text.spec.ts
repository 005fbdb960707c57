import type { Locator, Page } from '@playwright/test';
import { created, expect, signInAs, test, uniqueTag } from './fixtures';

// Issue 11: whatever people type is shown as text. Markup in an announcement, a person's
// name or an audit comment must appear literally, create no element and run no script.

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const HQ_NAME = 'Hannah Quist';
const IMG = '<img src=x onerror="window.__xss=1"><b>bold</b>';
const SCRIPT = '<script>window.__xss=2</script>';

/**
 * The markup was neither turned into elements nor run, on the whole page. Called once the
 * text is on screen: an element made from it would be in the page by then, and without
 * one no handler can ever run, so nothing needs to wait for the network.
 */
async function expectInert(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);
  await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
}

async function expectLiteral(container: Locator, text: string) {
  await expect(container).toContainText(text);
}

test.describe('Markup typed by people is shown as text', () => {
  test('announcement, staff name and audit comment keep their markup literal and inert', async ({ page }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const title = `Notice ${tag} ${IMG}`;
    const description = `Read this ${IMG} ${SCRIPT}`;
    const staffName = `Eve ${tag} ${SCRIPT}`;
    const itemText = `Check ${tag} ${IMG}`;
    const comment = `Comment ${IMG} ${SCRIPT}`;

    await signInAs(page, 'hq', '/announcements-management');
    const request = page.request;

    // Made through the API as hq (the forms have their own specs); seen in the browser.
    await created(await request.post('/api/announcements', { data: { title, description } }));
    const restaurants = (await (await request.get('/api/restaurants/options')).json()) as {
      id: string;
      name: string;
    }[];
    const amsterdam = restaurants.find((restaurant) => restaurant.name === AMSTERDAM);
    await created(
      await request.post('/api/users', {
        data: {
          name: staffName,
          email: `eve.${tag}@example.com`,
          password: 'brigade-e2e',
          role: 'staff',
          selectedRestaurants: [amsterdam?.id],
        },
      }),
    );
    const template = await created(
      await request.post('/api/audit-templates', {
        data: { name: `Markup ${tag}`, description: 'Made by the html-as-text test', items: [{ text: itemText }] },
      }),
    );
    const auditors = (await (await request.get('/api/audits/auditors')).json()) as { id: string; name: string }[];
    const audit = await created(
      await request.post('/api/audits', {
        data: {
          restaurantId: amsterdam?.id,
          templateIds: [template.id],
          auditorId: auditors.find((auditor) => auditor.name === HQ_NAME)?.id,
        },
      }),
    );
    const detail = (await (await request.get(`/api/audits/${audit.id}`)).json()) as {
      version: number;
      items: { id: string }[];
    };
    const saved = await request.put(`/api/audits/${audit.id}/draft`, {
      data: {
        version: detail.version,
        items: detail.items.map((item) => ({ id: item.id, mark: 'good', comment })),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await test.step('the announcement list', async () => {
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search announcements' }).fill(tag);
      const item = page.getByRole('list', { name: 'Announcements' }).getByRole('listitem');
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('heading', { name: title })).toBeVisible();
      await expectLiteral(item, description);
      await expectInert(page);
    });

    await test.step('the hq dashboard', async () => {
      await page.goto('/dashboard-hq');
      const announcements = page.getByRole('region', { name: 'Announcements' });
      await expect(announcements.getByRole('heading', { name: title })).toBeVisible();
      await expectInert(page);
    });

    await test.step('the staff list', async () => {
      await page.goto('/staff-management');
      await page.getByRole('searchbox', { name: 'Search staff' }).fill(tag);
      const row = page.getByRole('row').filter({ hasText: `Eve ${tag}` });
      await expect(row).toHaveCount(1);
      await expectLiteral(row, staffName);
      await expectInert(page);
    });

    await test.step('the audit with its item and comment', async () => {
      await page.goto(`/audits/${audit.id}`);
      await expect(page.getByRole('heading', { level: 1, name: AMSTERDAM })).toBeVisible();
      await expectLiteral(page.getByRole('main'), itemText);
      await expect(page.getByRole('textbox', { name: `Comment for ${itemText}` })).toHaveValue(comment);
      await expectInert(page);
    });
  });
});
