import fs from 'node:fs';
import { expect, managerRestaurants, seriousViolations, signInAs, test } from './fixtures';

/**
 * Issue 33 on a phone: the manager reads the month's food-safety log of their restaurant
 * (the demo's 30 days of records), downloads it as a PDF for the inspector, and signs
 * today off.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("a manager opens the month's food-safety log, downloads its PDF and signs today off", async ({ page }) => {
  const [restaurant] = managerRestaurants;

  await test.step("the month's log of the selected restaurant, day by day", async () => {
    await signInAs(page, 'manager', '/food-safety-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Food Safety Log' })).toBeVisible();
    // Mantine's segments are radios drawn as labels: a person taps the label.
    await page.getByText('Month', { exact: true }).tap();
    await expect(page).toHaveURL(/period=month/);
    const main = page.getByRole('main');
    // The restaurant (also in the selector above) and the month: "November 2026".
    await expect(main.getByRole('paragraph').filter({ hasText: restaurant as string })).toBeVisible();
    await expect(main.getByText(/^[A-Z][a-z]+ \d{4}$/)).toBeVisible();
    // The demo's history: records on several days, each a heading, each record with its state.
    await expect(main.getByRole('heading', { level: 2 }).nth(1)).toBeVisible();
    await expect(main.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(main.getByText('No checklist records in this period')).toHaveCount(0);
  });

  await test.step('Download PDF gives the PDF of the month', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).tap();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^food-safety-log-brigade-amsterdam-centraal-\d{4}-\d{2}\.pdf$/);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5000);
  });

  await test.step('today is signed off after a confirmation, with who and when', async () => {
    await page.getByText('Day', { exact: true }).tap();
    await expect(page).toHaveURL(/period=day/);
    await page.getByRole('button', { name: 'Sign off this day' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Sign off this day?' });
    await expect(dialog.getByText(`You confirm the food-safety log of ${restaurant}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign off' }).tap();
    await expect(page.getByText(/^This day was signed off by Maya Jansen at /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign off this day' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
