import { created, expect, fillSignIn, managerRestaurants, signInAs, test, uniqueTag } from './fixtures';

test.describe('sidebar', () => {
  test('hq sees every management entry, a Reports dropdown and Sign Out', async ({ page }) => {
    await signInAs(page, 'hq');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of [
      'Store Performance',
      'Restaurants',
      'Staff Management',
      'Audit Templates',
      'Quiz Management',
    ]) {
      await expect(sidebar.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(sidebar.getByRole('link', { name: 'My Trainings' })).toHaveCount(0);
    await sidebar.getByRole('button', { name: 'Reports' }).click();
    await sidebar.getByRole('link', { name: '23 & 24 & 25' }).click();
    await expect(page).toHaveURL('/reports/23-24-25');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Brigade`);
  });

  test('staff see only their own entries', async ({ page }) => {
    await signInAs(page, 'staff');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Today', 'Trainings', 'My Trainings', 'Profile']);
    await expect(sidebar.getByRole('button', { name: 'Reports' })).toHaveCount(0);
  });
});

test.describe('restaurant selector', () => {
  test('a manager gets pills of their active restaurants, the first preselected, kept across pages and reloads', async ({
    page,
  }) => {
    await signInAs(page, 'manager');
    const pills = page.getByRole('radiogroup', { name: 'Restaurant' }).getByRole('radio');
    await expect(pills).toHaveCount(managerRestaurants.length);
    for (const [index, name] of managerRestaurants.entries()) {
      await expect(pills.nth(index)).toHaveAccessibleName(name);
    }
    await expect(pills.first()).toBeChecked();
    // The pill a person sees is the radio's label.
    await page
      .getByRole('radiogroup', { name: 'Restaurant' })
      .getByText(managerRestaurants[1] ?? '')
      .click();
    await expect(pills.nth(1)).toBeChecked();
    await expect(pills.first()).not.toBeChecked();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Staff Management' })
      .click();
    await expect(page.getByRole('radio', { name: managerRestaurants[1] })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('radio', { name: managerRestaurants[1] })).toBeChecked();
  });

  test('is hidden on /reports/ pages', async ({ page }) => {
    await signInAs(page, 'manager');
    await expect(page.getByRole('radiogroup', { name: 'Restaurant' })).toBeVisible();
    await page.goto('/reports/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Report' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Restaurant' })).toHaveCount(0);
  });

  test('hq and staff have no selector', async ({ page }) => {
    await signInAs(page, 'hq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Restaurant' })).toHaveCount(0);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a manager gets a 4-item tab bar and the sidebar becomes a drawer', async ({ page }) => {
    await signInAs(page, 'manager');
    const tabBar = page.getByRole('navigation', { name: 'Tab bar' });
    await expect(tabBar.getByRole('link')).toHaveText(['Dashboard', 'My Trainings', 'Audits', 'Sales Report']);
    await tabBar.getByRole('link', { name: 'Audits' }).click();
    await expect(page).toHaveURL('/audits-management');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(sidebar).not.toBeInViewport();
  });

  test('staff get a 3-item tab bar', async ({ page }) => {
    await signInAs(page, 'staff');
    await expect(page.getByRole('navigation', { name: 'Tab bar' }).getByRole('link')).toHaveText([
      'Dashboard',
      'My Trainings',
      'Profile',
    ]);
  });

  test('a new manager on a phone: the bell shows its count whole, French tabs read in full, Sign Out leaves focus on Sign In', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two sign-ins and three full loads on a machine others share.
    test.setTimeout(120_000);
    // A manager of their own with one unread notification (an assigned training).
    const tag = uniqueTag();
    await signInAs(page, 'hq');
    const restaurants = (await (await page.request.get('/api/restaurants/options')).json()) as { id: string }[];
    const categories = (await (await page.request.get('/api/training-categories')).json()) as { id: string }[];
    const manager = { email: `tabs.${tag}@example.com`, password: 'phone-layout-1' };
    const person = await created(
      await page.request.post('/api/users', {
        data: { name: `Tabs ${tag}`, ...manager, role: 'manager', selectedRestaurants: [restaurants[0]?.id] },
      }),
    );
    const training = await created(
      await page.request.post('/api/trainings', {
        data: { title: `Layout ${tag}`, description: '', categoryIds: [categories[0]?.id], videos: [] },
      }),
    );
    await created(
      await page.request.post('/api/training-assignments', {
        data: { trainingIds: [training.id], staffIds: [person.id] },
      }),
    );

    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    try {
      await phone.goto('/');
      await fillSignIn(phone, manager.email, manager.password);
      // A new browser context downloads the signed-in app afresh, on a machine others share.
      await expect(phone.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible({
        timeout: 30_000,
      });

      // The count's badge is not cut by its button: its top edge is where the badge is drawn.
      // At least the assigned training: tests running beside this one act in the same demo
      // restaurant, whose managers they may notify too (a full run once showed 3).
      const badge = phone.getByRole('banner').locator('.mantine-Indicator-indicator');
      await expect(badge).toHaveText(/^[1-9]\d*$/);
      const seen = await badge.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + 1);
        return Boolean(top && element.contains(top));
      });
      expect(seen).toBe(true);

      // In French each tab names its page in full, on two lines where one is too short.
      await phone.evaluate(() => window.localStorage.setItem('brigade.language', 'fr'));
      await phone.reload();
      const tabs = phone.getByRole('navigation', { name: "Barre d'onglets" }).getByRole('link');
      await expect(tabs).toHaveText(['Tableau de bord', 'Mes formations', 'Audits', 'Rapport des ventes']);
      const cut = await tabs.evaluateAll((links) =>
        links
          .map((link) => link.querySelector('span'))
          .filter(
            (label) => label && (label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight),
          )
          .map((label) => label?.textContent),
      );
      expect(cut).toEqual([]);

      // Sign Out from the full-screen menu by keyboard: the menu goes, focus lands on Sign In.
      await phone.getByRole('button', { name: 'Ouvrir la navigation' }).click();
      const signOut = phone.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', {
        name: 'Se déconnecter',
      });
      await signOut.focus();
      await phone.keyboard.press('Enter');
      await expect(phone.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeFocused();
      await expect(phone.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('hq gets no tab bar', async ({ page }) => {
    await signInAs(page, 'hq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Tab bar' })).toHaveCount(0);
  });
});

test('desktop shows no tab bar', async ({ page }) => {
  await signInAs(page, 'staff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tab bar' })).toHaveCount(0);
});

test.describe('toasts', () => {
  for (const { name, viewport, withTabBar } of [
    { name: 'a desktop', viewport: { width: 1280, height: 800 }, withTabBar: false },
    { name: 'a phone', viewport: { width: 390, height: 844 }, withTabBar: true },
  ]) {
    test(`on ${name} a toast covers neither the header's buttons nor the tab bar`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, 'staff', '/profile');
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveValue('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Profile updated successfully' });
      await expect(toast).toBeVisible();
      // The toast slides in: wait for where it settles rather than where it starts.
      const headerBox = await page.getByRole('banner').boundingBox();
      expect(headerBox).toBeTruthy();
      const headerBottom = (headerBox?.y ?? 0) + (headerBox?.height ?? 0);
      await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
      const tabBar = page.getByRole('navigation', { name: 'Tab bar' });
      if (!withTabBar) return;
      await expect(tabBar).toBeVisible();
      const tabBarTop = (await tabBar.boundingBox())?.y ?? 0;
      await expect
        .poll(async () => {
          const box = await toast.boundingBox();
          return box ? box.y + box.height : Number.POSITIVE_INFINITY;
        })
        .toBeLessThanOrEqual(tabBarTop);
    });
  }
});
