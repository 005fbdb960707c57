import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAs, test } from './fixtures';

const ROTTERDAM = 'Brigade Rotterdam Markthal';

/** Picks an option of a (multi) select inside the schedule dialog, then closes its list by clicking the dialog's title. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('dialog').getByRole('heading').first().click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe('Audit schedules', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone, hq creates a schedule, sees the restaurant due on the dashboard, starts the audit from the due entry and submits it: the entry is completed', async ({
    page,
  }) => {
    // Two schedules and two audits on a phone: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const templateName = `Closing checks ${stamp}`;
    const scheduleName = `Weekly closing ${stamp}`;
    const items = ['Fryers switched off', 'Back door locked'];

    await signInAs(page, 'hq');
    const template = await page.request.post('/api/audit-templates', {
      data: { name: templateName, description: '', items: items.map((text) => ({ text })) },
    });
    expect(template.status()).toBe(201);

    await test.step('hq creates a weekly schedule for one restaurant', async () => {
      await page.goto('/audit-schedules');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit Schedules' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Schedule' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(scheduleName);
      await choose(page, 'Templates', templateName);
      await dialog.getByRole('radio', { name: 'Chosen restaurants' }).check();
      await choose(page, 'Chosen restaurants', ROTTERDAM);
      await expect(dialog.getByRole('combobox', { name: 'How often' })).toHaveValue('Weekly');
      await dialog.getByRole('button', { name: 'Save Schedule' }).click();
      await expect(page.getByText('Schedule created')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const card = page
        .getByRole('region', { name: 'Schedules' })
        .getByRole('listitem')
        .filter({ hasText: scheduleName });
      await expect(card).toContainText(ROTTERDAM);
      await expect(card).toContainText('Weekly');
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('the hq dashboard lists the restaurant as due', async () => {
      await page.goto('/dashboard-hq');
      const panel = page.getByRole('region', { name: 'Due Audits' });
      const row = panel.getByRole('listitem').filter({ hasText: ROTTERDAM });
      await expect(row).toContainText(/\d+ due/);
      await row.getByRole('link', { name: ROTTERDAM }).click();
      await expect(page).toHaveURL(/\/audit-schedules\?restaurantId=/);
    });

    await test.step('hq starts the audit from the due entry: restaurant and template are filled in', async () => {
      await page.getByRole('link', { name: `Start audit: ${scheduleName} at ${ROTTERDAM}` }).click();
      await expect(page).toHaveURL(/\/audits\/create\?due=/);
      await expect(page.getByText(`Conducting the due audit ${scheduleName}`)).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Restaurant' })).toHaveValue(ROTTERDAM);
      await expect(page.getByRole('checkbox', { name: templateName })).toBeChecked();
      await page.getByRole('button', { name: 'Create Audit' }).click();
      await expect(page).toHaveURL(/\/audits\/[0-9a-f-]{36}$/);
    });

    await test.step('hq submits the audit', async () => {
      for (const item of items) {
        await page.getByRole('radiogroup', { name: item }).getByRole('radio', { name: 'Good', exact: true }).check();
      }
      await page.getByRole('button', { name: 'Submit Audit' }).click();
      await expect(page.getByRole('button', { name: 'Submit Audit' })).toHaveCount(0);
    });

    await test.step('the due entry is completed', async () => {
      await page.goto('/audit-schedules?filter=completed');
      const entry = page
        .getByRole('region', { name: 'Due Audits' })
        .getByRole('listitem')
        .filter({ hasText: scheduleName });
      await expect(entry).toContainText(ROTTERDAM);
      await expect(entry).toContainText('Completed');
      await expect(entry.getByRole('link', { name: 'View audit' })).toBeVisible();
      await page.goto('/audit-schedules?filter=open');
      await expect(page.getByRole('link', { name: `Start audit: ${scheduleName} at ${ROTTERDAM}` })).toHaveCount(0);
    });

    await test.step('an audit made through New Audit, not from the entry, completes the entry of its template too', async () => {
      const fortnightly = `Fortnightly opening ${stamp}`;
      const opening = await page.request.post('/api/audit-templates', {
        data: { name: `Opening checks ${stamp}`, description: '', items: [{ text: 'Lights on' }] },
      });
      const templateId = ((await opening.json()) as { id: string }).id;
      const restaurants = (await (await page.request.get('/api/restaurants/options')).json()) as {
        id: string;
        name: string;
      }[];
      const restaurantId = restaurants.find((restaurant) => restaurant.name === ROTTERDAM)?.id;
      const schedule = await page.request.post('/api/audit-schedules', {
        data: {
          name: fortnightly,
          templateIds: [templateId],
          allRestaurants: false,
          restaurantIds: [restaurantId],
          cadence: 'biweekly',
          startsOn: new Date().toISOString().slice(0, 10),
        },
      });
      expect(schedule.status()).toBe(201);
      const auditors = (await (await page.request.get('/api/audits/auditors')).json()) as { id: string }[];
      const created = await page.request.post('/api/audits', {
        data: { restaurantId, templateIds: [templateId], auditorId: auditors[0]?.id },
      });
      const audit = (await (await page.request.get(`/api/audits/${(await created.json()).id}`)).json()) as {
        id: string;
        version: number;
        items: { id: string }[];
      };
      const submitted = await page.request.post(`/api/audits/${audit.id}/submit`, {
        data: {
          version: audit.version,
          items: audit.items.map((item) => ({ id: item.id, mark: 'good', comment: null })),
        },
      });
      expect(submitted.status()).toBe(200);
      await page.goto('/audit-schedules?filter=completed');
      const entry = page
        .getByRole('region', { name: 'Due Audits' })
        .getByRole('listitem')
        .filter({ hasText: fortnightly });
      await expect(entry).toContainText('Completed');
      await expect(entry.getByRole('link', { name: 'View audit' })).toHaveAttribute('href', `/audits/${audit.id}`);
    });
  });
});
