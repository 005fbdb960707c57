import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAs, test } from './fixtures';

/** Other files run at the same time on the same database: every template made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

function item(page: Page, number: number) {
  return page.getByRole('textbox', { name: `Item ${number}`, exact: true });
}

async function expectItems(page: Page, texts: string[]) {
  for (const [index, text] of texts.entries()) await expect(item(page, index + 1)).toHaveValue(text);
  await expect(page.getByRole('textbox', { name: /^Item \d+$/ })).toHaveCount(texts.length);
}

const FRIDGE = 'Fridge temperatures logged';
const HANDS = 'Hand-wash stations stocked';
const FLOORS = 'Floors swept and mopped';

test.describe('Audit templates (hq)', () => {
  test('hq builds a template: validation first, three items reordered by buttons, keyboard and drag, then saved', async ({
    page,
  }) => {
    const name = uniqueName('Closing Checks');
    await signInAs(page, 'hq', '/audit-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Templates' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Template' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Audit Template' })).toBeVisible();

    await test.step('an empty form shows the spec messages, and the only item cannot be removed', async () => {
      await expect(page.getByRole('button', { name: 'Remove item 1' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Move item 1 up' })).toBeDisabled();
      await page.getByRole('button', { name: 'Save Template' }).click();
      await expect(page.getByText('Template name is required')).toBeVisible();
      await expect(page.getByText('All items must have text')).toBeVisible();
    });

    await test.step('three items, each Add Item focusing the new one', async () => {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Description' }).fill('End-of-day walk-through');
      await item(page, 1).fill(FLOORS);
      await page.getByRole('button', { name: 'Add Item' }).click();
      await expect(item(page, 2)).toBeFocused();
      await page.keyboard.type(FRIDGE);
      await page.getByRole('button', { name: 'Add Item' }).click();
      await item(page, 3).fill(HANDS);
      await expect(page.getByText('Template name is required')).toHaveCount(0);
      await expectItems(page, [FLOORS, FRIDGE, HANDS]);
    });

    await test.step('the move buttons reorder; focus follows the item, so the keyboard can keep moving it', async () => {
      await page.getByRole('button', { name: 'Move item 2 up' }).click();
      await expectItems(page, [FRIDGE, FLOORS, HANDS]);
      // At the top its up button is disabled, so focus is on its down button.
      await expect(page.getByRole('button', { name: 'Move item 1 down' })).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'Item moved to position 1 of 3' })).toBeAttached();

      await page.getByRole('button', { name: 'Move item 3 up' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Move item 2 up' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expectItems(page, [HANDS, FRIDGE, FLOORS]);
      await expect(page.getByRole('button', { name: 'Move item 1 up' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Move item 3 down' })).toBeDisabled();
    });

    await test.step('dragging an item by its grip drops it where it lands', async () => {
      await page.getByTestId('drag-item-3').dragTo(page.getByTestId('drag-item-1'));
      await expectItems(page, [FLOORS, HANDS, FRIDGE]);
    });

    await test.step('an emptied item is refused; a fourth item can be added and removed', async () => {
      await item(page, 2).fill('   ');
      await page.getByRole('button', { name: 'Save Template' }).click();
      await expect(page.getByText('All items must have text')).toBeVisible();
      await item(page, 2).fill(HANDS);
      await page.getByRole('button', { name: 'Add Item' }).click();
      await item(page, 4).fill('Temporary');
      await page.getByRole('button', { name: 'Remove item 4' }).click();
      await expectItems(page, [FLOORS, HANDS, FRIDGE]);
    });

    await test.step('saved, the template is listed with its item count', async () => {
      await page.getByRole('button', { name: 'Save Template' }).click();
      await expect(page.getByText('Template created')).toBeVisible();
      await expect(page).toHaveURL(/\/audit-templates$/);
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('End-of-day walk-through');
      await expect(row).toContainText('3 items');
    });

    await test.step('edit starts from the stored order; a change of order and text is kept', async () => {
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Audit Template' })).toBeVisible();
      await expectItems(page, [FLOORS, HANDS, FRIDGE]);
      await page.getByRole('button', { name: 'Move item 1 down' }).click();
      await item(page, 3).fill(`${FRIDGE} twice a day`);
      await page.getByRole('button', { name: 'Save Template' }).click();
      await expect(page.getByText('Template updated')).toBeVisible();
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      await expectItems(page, [HANDS, FLOORS, `${FRIDGE} twice a day`]);
      await page.getByRole('link', { name: 'Cancel' }).click();
    });

    await test.step('delete asks first, then the template is gone', async () => {
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete template' });
      await expect(confirm).toContainText('This action cannot be undone.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: `Delete ${name}` }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Template deleted')).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  });

  test('an unknown template shows that it was not found, with a way back', async ({ page }) => {
    await signInAs(page, 'hq', '/audit-templates/00000000-0000-4000-8000-000000000000/edit');
    await expect(page.getByRole('alert')).toHaveText('Template not found');
    await page.getByRole('link', { name: 'Back to Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Templates' })).toBeVisible();
  });

  test('managers cannot open the template screens', async ({ page }) => {
    await signInAs(page, 'manager', '/audit-templates');
    await expect(page).toHaveURL(/\/dashboard-manager$/);
  });

  test('the list and the form have no serious accessibility violations', async ({ page }) => {
    await signInAs(page, 'hq', '/audit-templates');
    await expect(page.getByRole('row').filter({ hasText: 'Kitchen Hygiene' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Edit Kitchen Hygiene' }).click();
    await expect(item(page, 1)).not.toHaveValue('');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await item(page, 2).fill('');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('Template name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('templates are cards and the form fits without scrolling sideways', async ({ page }) => {
      await signInAs(page, 'hq', '/audit-templates');
      const card = page.getByRole('listitem').filter({ hasText: 'Front of House' });
      await expect(card.getByRole('link', { name: 'Edit Front of House' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Delete Front of House' })).toBeVisible();
      await card.getByRole('link', { name: 'Edit Front of House' }).click();
      await expect(page.getByRole('button', { name: 'Move item 5 up' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
