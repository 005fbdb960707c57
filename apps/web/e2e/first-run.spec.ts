import { expect, seriousViolations, test } from './fixtures';

// This file talks to the second server, whose database starts empty.
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 4321) + 1}` });

test('an empty database offers the head office account once, then never again', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Create the head office account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /create/i }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel('Name').fill('Hannah Quist');
  await page.getByLabel('Email').fill('Hannah@Example.com');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: /create/i }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('first-secret');
  await page.getByRole('button', { name: /create/i }).click();
  await expect(page).toHaveURL('/dashboard-hq');
  await expect(page.getByRole('heading', { level: 1, name: 'Headquarters Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await context.clearCookies();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create the head office account' })).toHaveCount(0);
});
