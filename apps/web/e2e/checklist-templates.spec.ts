import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 33, checklist templates on a phone: hq makes a chain checklist for the demo
 * manager's restaurant with a temperature item and two windows (one crossing midnight),
 * finds it in the list and edits it; the manager reads it without a form and switches it
 * off at their restaurant.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const AMSTERDAM = 'Brigade Amsterdam Centraal';

/** The checklist's card in the list, found by searching its name. */
async function cardOf(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search checklists' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  return card;
}

test('hq makes a chain checklist with a temperature item and a window across midnight and edits it; the manager reads it and switches it off at their restaurant', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Fridge log ${uniqueTag()}`;

  await test.step('hq fills the form on a phone', async () => {
    await signInAs(page, 'hq', '/checklist-templates');
    await page.getByRole('link', { name: 'New Checklist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Checklist' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('radio', { name: 'Chosen restaurants' }).check();
    await page.getByRole('combobox', { name: 'Chosen restaurants' }).click();
    await page.getByRole('option', { name: AMSTERDAM }).click();
    await page.keyboard.press('Escape');

    const section = page.getByRole('group', { name: 'Section 1' });
    await section.getByRole('textbox', { name: 'Section title' }).fill('Fridges');
    const item = section.getByRole('group', { name: 'Item 1' });
    await item.getByRole('textbox', { name: 'Item text' }).fill('Walk-in fridge');
    await item.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Temperature (°C)' }).click();
    await item.getByRole('textbox', { name: 'Critical low (°C)' }).fill('0');
    await item.getByRole('textbox', { name: 'Critical high (°C)' }).fill('7');
    await item
      .getByRole('textbox', { name: 'What to do when it fails' })
      .fill('Move the food to the spare fridge and call the engineer');
    await item.getByRole('checkbox', { name: 'A failure needs a photo' }).check();

    const opening = page.getByRole('group', { name: 'Window 1' });
    await opening.getByLabel('Start').fill('08:00');
    await opening.getByLabel('End').fill('09:00');
    await page.getByRole('button', { name: 'Add window' }).click();
    const closing = page.getByRole('group', { name: 'Window 2' });
    await closing.getByLabel('Start').fill('22:00');
    await closing.getByLabel('End').fill('00:30');
    await expect(closing.getByText('Crosses midnight: it ends the next day.')).toBeVisible();
    await expect(opening.getByText('Crosses midnight: it ends the next day.')).toHaveCount(0);
    // A chip is its label: tapping it switches the day.
    await closing.getByText('Mon', { exact: true }).click();
    await expect(closing.getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save Checklist' }).click();
    await expect(page.getByText('Checklist created')).toBeVisible();
    await expect(page).toHaveURL(/\/checklist-templates$/);
  });

  await test.step('hq finds it in the list with its windows and edits it', async () => {
    const card = await cardOf(page, name);
    await expect(card).toContainText('Chain · 1 restaurant');
    await expect(card).toContainText('08:00–09:00 · Every day');
    await expect(card).toContainText('22:00–00:30 (next day) · Tue–Sun');
    await expect(card).toContainText('1 item');
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Checklist' })).toBeVisible();
    const section = page.getByRole('group', { name: 'Section 1' });
    await expect(section.getByRole('textbox', { name: 'Critical high (°C)' })).toHaveValue('7');
    await page.getByRole('button', { name: 'Add item to section 1' }).click();
    const added = section.getByRole('group', { name: 'Item 2' });
    await expect(added.getByRole('textbox', { name: 'Item text' })).toBeFocused();
    await added.getByRole('textbox', { name: 'Item text' }).fill('Door seals clean');
    await added.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Yes / No' }).click();
    await added.getByRole('checkbox', { name: 'No is a failure' }).check();
    await page.getByRole('button', { name: 'Save Checklist' }).click();
    await expect(page.getByText('Checklist saved')).toBeVisible();
    await expect(await cardOf(page, name)).toContainText('2 items');
  });

  const managerContext = await browser.newContext({ ...PHONE, baseURL });
  const manager = await managerContext.newPage();
  try {
    await test.step('the manager reads it without a form and switches it off at their restaurant', async () => {
      await signInAs(manager, 'manager', '/checklist-templates');
      const card = await cardOf(manager, name);
      await expect(card).toContainText('Active');
      await expect(card.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
      await expect(card.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

      await card.getByRole('link', { name: `View ${name}` }).click();
      await expect(manager.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(manager.getByText('Walk-in fridge')).toBeVisible();
      await expect(
        manager.getByText('When it fails: Move the food to the spare fridge and call the engineer'),
      ).toBeVisible();
      await expect(manager.getByRole('button', { name: 'Save Checklist' })).toHaveCount(0);
      await expect(manager.getByRole('textbox')).toHaveCount(0);
      expect(await seriousViolations(manager)).toEqual([]);

      await manager.getByRole('link', { name: 'Back to Checklists' }).click();
      const again = await cardOf(manager, name);
      await again.getByRole('button', { name: `Switch off here: ${name}` }).click();
      await expect(manager.getByText(`${name} is switched off at ${AMSTERDAM}`)).toBeVisible();
      await expect(again).toContainText('Switched off here');
      await expect(again.getByRole('button', { name: `Switch on here: ${name}` })).toBeVisible();
      expect(await seriousViolations(manager)).toEqual([]);
    });
  } finally {
    await managerContext.close();
  }
});
