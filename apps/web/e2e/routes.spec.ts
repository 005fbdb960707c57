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
