import type { Page } from '@playwright/test';
import { demoAccounts, expect, signInAs, test } from './fixtures';

const forbidden = {
  hq: '/reports/sales',
  manager: '/store-performance',
  staff: '/restaurants-management',
} as const;

for (const role of ['hq', 'manager', 'staff'] as const) {
  test.describe(`${role}: redirects by role`, () => {
    test.beforeEach(async ({ page }) => {
      await signInAs(page, role);
    });

    test('/ goes to the dashboard', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(demoAccounts[role].dashboard);
    });

    test('an unknown path goes to the dashboard', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(demoAccounts[role].dashboard);
    });

    test(`a route the role may not open (${forbidden[role]}) goes to the dashboard`, async ({ page }) => {
      await page.goto(forbidden[role]);
      await expect(page).toHaveURL(demoAccounts[role].dashboard);
      await expect(page.getByRole('heading', { level: 1, name: demoAccounts[role].title })).toBeVisible();
    });

    test("another role's dashboard goes to their own", async ({ page }) => {
      const other = role === 'staff' ? '/dashboard-hq' : '/dashboard-staff';
      await page.goto(other);
      await expect(page).toHaveURL(demoAccounts[role].dashboard);
    });
  });
}

test('every route of the table opens for the roles that may open it', async ({ page }) => {
  await signInAs(page, 'hq');
  for (const [path, title] of [
    ['/store-performance', 'Store Performance'],
    ['/quiz-management/add', 'New Quiz'],
    ['/reports/23-24-25', '23 & 24 & 25'],
    ['/trainings/3f1c2d4e-0000-4000-8000-000000000000/take-quiz', 'Take Quiz'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Brigade`);
  }
});

test('typing an hq address as staff goes to their dashboard before any hq data is asked', async ({ page }) => {
  await signInAs(page, 'staff');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/dashboards/hq')) asked.push(request.url());
  });
  await page.goto('/dashboard-hq');
  await expect(page).toHaveURL(demoAccounts.staff.dashboard);
  await expect(page.getByRole('heading', { level: 1, name: demoAccounts.staff.title })).toBeVisible();
  expect(asked).toEqual([]);
});

test.describe('a quiet console (issue 31)', () => {
  /** What the page logs as an error or a warning, failed requests included. */
  function consoleNoise(page: Page) {
    const noise: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        noise.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
    return noise;
  }

  test('a signed-out load of Sign In logs no error or warning', async ({ page }) => {
    const noise = consoleNoise(page);
    await page.goto('/dashboard-hq');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(noise).toEqual([]);
  });

  test('a signed-in load whose texts arrive late logs no uncompiled message, nor any other warning', async ({
    page,
  }) => {
    await signInAs(page, 'staff');
    const noise = consoleNoise(page);
    // The app's catalogue (assets/app-*.js) held back: nothing may draw its texts before it is here.
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: demoAccounts.staff.title })).toBeVisible();
    expect(noise).toEqual([]);
  });
});
