import { expect, fillSignIn, seriousViolations, test } from './fixtures';

// This file talks to the second server, whose database starts empty.
test.use({ baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 4321) + 1}` });

test('an empty database offers the head office account once, then never again', async ({ page, context }) => {
  await page.goto('/');
  // A welcome for the first person here, and the language switch Sign In has.
  // The first page of a fresh server, on a machine others share: a generous wait.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Brigade' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Create the head office account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue dans Brigade' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Brigade' })).toBeVisible();

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
  // The signed-in app downloads now, for the first time on this browser.
  await expect(page).toHaveURL('/dashboard-hq', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Headquarters Dashboard' })).toBeVisible();
  // A new account is welcomed, not welcomed back.
  await expect(page.getByText(/^Welcome to Brigade, hannah@example\.com$/i)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await context.clearCookies();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create the head office account' })).toHaveCount(0);
});

test('without Power BI settings, hq reads which are missing and a manager only a plain sentence', async ({
  page,
  browser,
  baseURL,
}) => {
  // The head office account of the test above; made here when this test runs alone.
  const hq = { name: 'Hannah Quist', email: 'hannah@example.com', password: 'first-secret' };
  if ((await (await page.request.get('/api/setup')).json()).needed) {
    expect((await page.request.post('/api/setup', { data: hq })).status()).toBe(201);
  }
  await page.goto('/');
  await fillSignIn(page, hq.email, hq.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Headquarters Dashboard' })).toBeVisible();
  await page.goto('/reports/hq-sales');
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Power BI is not configured on the server. Missing settings: AZURE_TENANT_ID',
  );

  const tag = `${Date.now()}`;
  const restaurant = await page.request.post('/api/restaurants', {
    data: { name: `Brigade Haarlem ${tag}`, city: 'Haarlem', country: 'Netherlands', address: 'Grote Markt 1' },
  });
  expect(restaurant.status()).toBe(201);
  const manager = { email: `mila.${tag}@example.com`, password: 'manager-secret' };
  const saved = await page.request.post('/api/users', {
    data: {
      name: `Mila Jansen ${tag}`,
      ...manager,
      role: 'manager',
      selectedRestaurants: [(await restaurant.json()).id],
    },
  });
  expect(saved.status()).toBe(201);

  const context = await browser.newContext({ baseURL });
  const managerPage = await context.newPage();
  await managerPage.goto('/reports/sales');
  await fillSignIn(managerPage, manager.email, manager.password);
  await expect(managerPage.getByRole('heading', { level: 1, name: 'Sales Report' })).toBeVisible();
  await expect(managerPage.getByRole('main').getByRole('status')).toHaveText(
    'Reports are not available yet. Ask head office.',
  );
  await expect(managerPage.getByText(/AZURE_|POWERBI_|MONDAY_|Missing settings/)).toHaveCount(0);
  await context.close();
});
