import type { Page } from '@playwright/test';
import { expect, seriousViolations, signInAs, test } from './fixtures';

/**
 * Issue 20, acknowledgements: hq posts an announcement that requires acknowledgement,
 * staff acknowledges it from the pinned card on their dashboard, and hq sees the count
 * move on the announcement's page.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** "3 / 12 acknowledged" on the announcement's page, as numbers. */
async function tally(page: Page) {
  const text = page.getByText(/^\d+ \/ \d+ acknowledged$/);
  await expect(text).toBeVisible();
  const [acknowledged, audience] = ((await text.textContent()) ?? '').split(/ \/ | /).map(Number);
  return { acknowledged: acknowledged ?? Number.NaN, audience: audience ?? Number.NaN };
}

test('hq asks for an acknowledgement, staff acknowledges from the dashboard, hq sees the count move', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people's sessions and an accessibility scan on a shared machine.
  test.slow();
  const title = `Fire exits checked daily ${Date.now()}`;
  await signInAs(page, 'hq', '/announcements-management');
  await page.getByRole('button', { name: 'New Announcement' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Check both fire exits are clear before opening.');
  await page.getByRole('switch', { name: 'Requires acknowledgement' }).check();
  await expect(page.getByText('Audience roles')).toBeVisible();
  await page.getByRole('button', { name: 'Publish Announcement' }).click();
  await expect(page.getByText('Announcement created successfully')).toBeVisible();

  await page.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const before = await tally(page);
  expect(before.audience).toBeGreaterThan(before.acknowledged);
  await expect(page.getByRole('table', { name: /not acknowledged/ })).toContainText('Sam Bakker');
  expect(await seriousViolations(page)).toEqual([]);

  const staffContext = await browser.newContext({ ...PHONE, baseURL });
  const staff = await staffContext.newPage();
  await signInAs(staff, 'staff');
  // The pinned cards, not the Recent Announcements list below them, which lists it too.
  const card = staff
    .getByRole('region', { name: 'Please acknowledge' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'I have read this' }).click();
  await expect(staff.getByText('Thank you for reading it')).toBeVisible();
  await expect(card).toHaveCount(0);
  await staffContext.close();

  await page.reload();
  // A reload on a busy machine can take longer than one expect's default.
  await expect(page.getByText(/^\d+ \/ \d+ acknowledged$/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await tally(page)).acknowledged, { timeout: 30_000 }).toBe(before.acknowledged + 1);
  expect((await tally(page)).audience).toBe(before.audience);
});
