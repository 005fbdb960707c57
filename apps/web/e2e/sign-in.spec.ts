import { demoAccounts, expect, fillSignIn, seriousViolations, signInAs, test } from './fixtures';

test.describe('the app gate and Sign In', () => {
  test('a spinner with Loading... shows until the session check ends', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('Sign In has a logo, an email field, a password with a show/hide toggle and no axe violations', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Brigade logo' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    // The toggle says what it does next: the password shows, so it now hides it.
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('empty fields are refused before anything is sent', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test("a wrong password shows the server's message in red under the form", async ({ page }) => {
    await page.goto('/');
    await fillSignIn(page, 'staff@example.com', 'not-the-password');
    const error = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await expect(error).toBeVisible();
    const colour = await error.evaluate((element) => getComputedStyle(element).color);
    const [red, green, blue] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(100);
    expect(blue).toBeLessThan(100);
    await expect(page).toHaveURL('/');
  });

  test('a deactivated account cannot sign in and is told so', async ({ page }) => {
    await page.goto('/');
    await fillSignIn(page, 'fleur.hendriks@example.com');
    await expect(page.getByRole('alert')).toHaveText(
      'This account has been deactivated. Ask head office to reactivate it.',
    );
  });

  test('the button reads Signing in... while busy', async ({ page }) => {
    // The answer is held until the busy button has been seen: no sleep, no race with it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await fillSignIn(page, 'staff@example.com');
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL('/dashboard-staff');
  });

  for (const role of ['hq', 'manager', 'staff'] as const) {
    test(`${role} signs in and lands on their dashboard, with no axe violations`, async ({ page }) => {
      await page.goto('/');
      await fillSignIn(page, demoAccounts[role].email);
      await expect(page).toHaveURL(demoAccounts[role].dashboard);
      await expect(page.getByRole('heading', { level: 1, name: demoAccounts[role].title })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('signing in replaces history: Back does not return to Sign In', async ({ page }) => {
    await page.goto('/');
    await fillSignIn(page, 'staff@example.com');
    await expect(page).toHaveURL('/dashboard-staff');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  });
});

test.describe('signing out and ended sessions', () => {
  test('Sign Out returns to Sign In and the session is gone', async ({ page }) => {
    // Through the form: ending the worker's shared manager session would cost the next test a sign-in.
    await page.goto('/');
    await fillSignIn(page, 'manager@example.com');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
  });

  test('an ended session returns to Sign In, and signing in goes on to the page wanted', async ({ page, context }) => {
    await signInAs(page, 'staff', '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
    await context.clearCookies();
    // The next request meets the ended session.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await expect(page).toHaveURL('/profile');
    await fillSignIn(page, 'staff@example.com');
    await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
    await expect(page).toHaveURL('/profile');
  });

  test('opening a page while signed out asks to sign in, then shows that page', async ({ page }) => {
    await page.goto('/profile');
    await fillSignIn(page, 'hq@example.com');
    await expect(page).toHaveURL('/profile');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('hq@example.com');
  });
});
