import type { Page } from '@playwright/test';
import { expect, nameAndLinkViolations, seriousViolations, signInAs, test } from './fixtures';

/** Other files run at the same time on the same database: every title made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

interface RecentAudits {
  items: { restaurant: { name: string } }[];
  total: number;
}

/**
 * Signs in and keeps the dashboard answer the page itself drew from: other files change
 * the counts while this one runs, so the figures on screen are checked against it.
 */
async function openDashboard<T>(page: Page, role: 'hq' | 'manager' | 'staff', endpoint: string): Promise<T> {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === endpoint && response.request().method() === 'GET',
  );
  await signInAs(page, role);
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

function statCard(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

/**
 * Back to the dashboard, and wait until it is drawn: the URL changes at once, while the
 * page left stays on screen until the route's loader has run, and its links would be clicked.
 */
async function goBackTo(page: Page, dashboardTitle: string) {
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: dashboardTitle })).toBeVisible();
}

test.describe('Dashboards', () => {
  // Axe on a long page takes a while when every file runs at once.
  test.describe.configure({ timeout: 60_000 });

  test('hq sees the headquarters figures, announcements with Add and the eye icon, and Recent Audits', async ({
    page,
  }) => {
    const data = await openDashboard<{
      totalRestaurants: number;
      totalStaff: number;
      pendingAudits: number;
      overdueTrainings: number;
      announcements: { title: string; createdByName: string | null }[];
      recentAudits: RecentAudits;
    }>(page, 'hq', '/api/dashboards/hq');

    await expect(page.getByRole('heading', { level: 1, name: 'Headquarters Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back, hq@example.com')).toBeVisible();
    // The demo chain: 4 active restaurants (Berlin is closed), 2 draft audits, open assignments.
    expect(data.totalRestaurants).toBeGreaterThanOrEqual(4);
    expect(data.pendingAudits).toBeGreaterThanOrEqual(2);
    expect(data.overdueTrainings).toBeGreaterThan(0);
    await expect(statCard(page, 'Total Restaurants')).toContainText(String(data.totalRestaurants));
    await expect(statCard(page, 'Total Staff')).toContainText(String(data.totalStaff));
    await expect(statCard(page, 'Pending Audits')).toContainText(`${data.pendingAudits} audits need attention`);
    await expect(statCard(page, 'Overdue Trainings')).toContainText(String(data.overdueTrainings));
    await expect(statCard(page, 'Overdue Trainings')).toContainText('Action needed');

    const announcements = page.getByRole('region', { name: 'Announcements' });
    const first = data.announcements[0];
    expect(data.announcements.length).toBeLessThanOrEqual(5);
    if (first) {
      await expect(announcements.getByRole('heading', { name: first.title })).toBeVisible();
      await expect(announcements).toContainText(first.createdByName ?? 'Deleted user');
    }

    const recent = page.getByRole('region', { name: 'Recent Audits' });
    await expect(recent).toContainText(
      `Showing ${data.recentAudits.items.length} of ${data.recentAudits.total} audits`,
    );
    for (const column of ['Restaurant', 'Audit Date', 'Score', 'Total Audits', 'Actions']) {
      await expect(recent.getByRole('columnheader', { name: column })).toBeVisible();
    }
    expect(data.recentAudits.items.length).toBeLessThanOrEqual(10);
    await expect(recent.getByRole('row')).toHaveCount(data.recentAudits.items.length + 1);
    expect(await seriousViolations(page)).toEqual([]);
    // The corrective actions card's links are named by what they show ("3 Open").
    await expect(
      page.getByRole('region', { name: 'Corrective Actions' }).getByRole('link', { name: /^\d+\s*Open$/ }),
    ).toBeVisible();
    expect(await nameAndLinkViolations(page)).toEqual([]);

    await recent
      .getByRole('link', { name: /^View audit of/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/audits\/[0-9a-f-]+$/);
    await goBackTo(page, 'Headquarters Dashboard');
    await recent.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL('/audits-management');
    await goBackTo(page, 'Headquarters Dashboard');
    await page.getByRole('main').getByRole('link', { name: 'New Audit' }).click();
    await expect(page).toHaveURL('/audits-management');
    await goBackTo(page, 'Headquarters Dashboard');
    await page.getByRole('main').getByRole('link', { name: 'HQ Reports' }).click();
    await expect(page).toHaveURL('/hq-reports');
    await goBackTo(page, 'Headquarters Dashboard');
    await announcements.getByRole('link', { name: 'Manage announcements' }).click();
    await expect(page).toHaveURL('/announcements-management');
  });

  test('the manager sees the selected restaurant: figures, the completion widget, Recent Audits; the cards navigate', async ({
    page,
  }) => {
    const data = await openDashboard<{
      totalStaff: number;
      pendingAudits: number;
      activeTrainings: number;
      staffProgress: { name: string; completed: number; total: number }[];
      recentAudits: RecentAudits;
    }>(page, 'manager', '/api/dashboards/manager');

    await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back, manager@example.com')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'View Audits' })).toHaveAttribute('href', '/audits-management');
    await expect(main.getByRole('link', { name: 'Assign Training', exact: true })).toHaveAttribute(
      'href',
      '/training-assign',
    );
    // Amsterdam's demo staff: Sam Bakker, Noor de Boer and Eva Mulder.
    expect(data.totalStaff).toBeGreaterThanOrEqual(3);
    const totalStaff = page.getByRole('link', { name: /^Total Staff/ });
    const pending = page.getByRole('link', { name: /^Pending Audits/ });
    const active = page.getByRole('link', { name: /^Active Trainings/ });
    await expect(totalStaff).toContainText(String(data.totalStaff));
    await expect(totalStaff).toContainText('Staff of Brigade Amsterdam Centraal');
    await expect(pending).toContainText(String(data.pendingAudits));
    await expect(active).toContainText(String(data.activeTrainings));

    const widget = page.getByRole('region', { name: 'Training Completion' });
    for (const name of ['Sam Bakker', 'Noor de Boer', 'Eva Mulder']) {
      await expect(widget.getByText(name, { exact: true })).toBeVisible();
    }
    // Lowest completion first, as the server ordered it.
    const names = data.staffProgress.map((person) => person.name);
    await expect(widget.getByRole('listitem')).toHaveCount(names.length);
    await expect(widget.getByRole('listitem').first()).toContainText(names[0] ?? '');

    const recent = page.getByRole('region', { name: 'Recent Audits' });
    await expect(recent).toContainText(
      `Showing ${data.recentAudits.items.length} of ${data.recentAudits.total} audits`,
    );
    for (const audit of data.recentAudits.items) {
      expect(audit.restaurant.name).toBe('Brigade Amsterdam Centraal');
    }
    await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage announcements' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(
      page.getByRole('region', { name: 'Corrective Actions' }).getByRole('link', { name: /^\d+\s*Overdue$/ }),
    ).toBeVisible();
    expect(await nameAndLinkViolations(page)).toEqual([]);

    await totalStaff.click();
    await expect(page).toHaveURL('/staff-management');
    await goBackTo(page, 'Manager Dashboard');
    await pending.click();
    await expect(page).toHaveURL('/audits-management');
    await goBackTo(page, 'Manager Dashboard');
    await active.click();
    await expect(page).toHaveURL('/training-assignments');
    await expect(page.getByRole('heading', { level: 1, name: 'Training Assignments' })).toBeVisible();

    // Another restaurant, other figures.
    await page.goto('/dashboard-manager');
    await page.getByRole('radiogroup', { name: 'Restaurant' }).getByText('Brigade Utrecht Neude').click();
    await expect(page.getByRole('link', { name: /^Total Staff/ })).toContainText('Staff of Brigade Utrecht Neude');
    await expect(page.getByRole('region', { name: 'Training Completion' }).getByText('Milan Smit')).toBeVisible();
  });

  test('staff see their own figures, Recent Announcements and the two buttons', async ({ page }) => {
    const data = await openDashboard<{
      trainingsCompleted: number;
      trainingsInProgress: number;
      failedAttempts: number;
      announcements: { title: string }[];
    }>(page, 'staff', '/api/dashboards/staff');

    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    // Sam Bakker: two trainings completed, one in progress, at least his failed food safety quiz.
    expect(data.trainingsCompleted).toBeGreaterThanOrEqual(2);
    expect(data.failedAttempts).toBeGreaterThanOrEqual(1);
    await expect(statCard(page, 'Trainings Completed')).toContainText(
      new RegExp(`${data.trainingsCompleted}\\s*courses`),
    );
    await expect(statCard(page, 'In Progress')).toContainText(new RegExp(`${data.trainingsInProgress}\\s*courses`));
    await expect(statCard(page, 'Failed Attempts')).toContainText(new RegExp(`${data.failedAttempts}\\s*quizzes`));
    const recent = page.getByRole('region', { name: 'Recent Announcements' });
    for (const announcement of data.announcements) {
      await expect(recent.getByRole('heading', { name: announcement.title })).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Go to Trainings' }).click();
    await expect(page).toHaveURL('/my-trainings');
    await goBackTo(page, 'My Dashboard');
    await page.getByRole('link', { name: 'Update My Profile' }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('a dashboard that cannot load says so and offers Retry', async ({ page }) => {
    await page.route('**/api/dashboards/staff', (route) => route.fulfill({ status: 500, body: '{}' }));
    await signInAs(page, 'staff');
    await expect(page.getByText('Failed to load dashboard data')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/dashboards/staff');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('group', { name: 'Trainings Completed' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the hq dashboard fits the screen and Recent Audits becomes a list', async ({ page }) => {
      await signInAs(page, 'hq');
      const recent = page.getByRole('region', { name: 'Recent Audits' });
      await expect(recent.getByRole('link', { name: /^View audit of/ }).first()).toBeVisible();
      await expect(recent.getByRole('table')).toHaveCount(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

test.describe('Announcements', () => {
  // Axe on a long page takes a while when every file runs at once.
  test.describe.configure({ timeout: 60_000 });

  test('hq creates, edits and deletes an announcement; staff read it as text on their dashboard', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const title = uniqueName('Team BBQ');
    const edited = `${title} moved`;
    const description = 'Saturday at 18:00 in the park.\nBring your own <b>plates</b>.';

    await signInAs(page, 'hq');
    await page.getByRole('region', { name: 'Announcements' }).getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL('/announcements-management');
    const form = page.getByRole('form', { name: 'New Announcement' });
    await expect(form.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await form.getByRole('button', { name: 'Publish Announcement' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Description is required')).toBeVisible();
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill(description);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Publish Announcement' }).click();
    await expect(page.getByText('Announcement created successfully')).toBeVisible();
    await expect(form).toHaveCount(0);

    const list = page.getByRole('list', { name: 'Announcements' });
    await page.getByRole('searchbox', { name: 'Search announcements' }).fill(title);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('heading', { name: title })).toBeVisible();

    // Staff: the newest announcement, its markup shown as typed and its line break kept.
    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await signInAs(staff, 'staff');
    const recent = staff.getByRole('region', { name: 'Recent Announcements' });
    const item = recent.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Bring your own <b>plates</b>.');
    await expect(item.locator('b')).toHaveCount(0);
    await expect(item.getByText('Saturday at 18:00')).toHaveJSProperty('innerText', description);
    await expect(item).toContainText('Hannah Quist');

    // Edit in place.
    await list.getByRole('button', { name: `Edit ${title}` }).click();
    const editForm = page.getByRole('form', { name: 'Edit Announcement' });
    await expect(editForm.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await editForm.getByRole('textbox', { name: 'Title' }).fill(edited);
    await editForm.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Announcement updated successfully')).toBeVisible();
    // The search for the new title looks just like the one before (the same one item), so
    // its answer is waited for: a delete while it is under way could be overtaken by it.
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/announcements' &&
        new URL(response.url()).searchParams.get('search') === edited,
    );
    await page.getByRole('searchbox', { name: 'Search announcements' }).fill(edited);
    expect((await searched).status()).toBe(200);
    await expect(list.getByRole('heading', { name: edited })).toBeVisible();
    await staff.reload();
    await expect(recent.getByRole('heading', { name: edited })).toBeVisible();

    // Delete after confirming; Cancel keeps it.
    await list.getByRole('button', { name: `Delete ${edited}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete announcement' });
    await expect(confirm).toContainText(edited);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(list.getByRole('heading', { name: edited })).toBeVisible();
    await list.getByRole('button', { name: `Delete ${edited}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Announcement deleted successfully')).toBeVisible();
    await expect(page.getByText('No announcements found')).toBeVisible();
    await staff.reload();
    // The figures and the announcements come in one answer: once a figure shows, so do
    // the announcements, and the deleted one is not among them (not merely not yet drawn).
    await expect(staff.getByRole('group', { name: 'Trainings Completed' })).toBeVisible();
    await expect(recent.getByRole('heading', { name: edited })).toHaveCount(0);
    await staffContext.close();
  });

  test('saving after the session ended shows Authentication error; failures have their toasts', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'hq', '/announcements-management');
    await page.route('**/api/announcements', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'New Announcement' }).click();
    const form = page.getByRole('form', { name: 'New Announcement' });
    await form.getByRole('textbox', { name: 'Title' }).fill(uniqueName('Never sent'));
    await form.getByRole('textbox', { name: 'Description' }).fill('The server fails.');
    await form.getByRole('button', { name: 'Publish Announcement' }).click();
    await expect(page.getByText('Failed to create announcement')).toBeVisible();
    await expect(form).toBeVisible();
    await page.unroute('**/api/announcements');

    await context.clearCookies();
    await form.getByRole('button', { name: 'Publish Announcement' }).click();
    await expect(page.getByText('Authentication error')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('managers and staff cannot open the management screen or write', async ({ page }) => {
    await signInAs(page, 'manager', '/announcements-management');
    await expect(page).toHaveURL('/dashboard-manager');
    const refused = await page.request.post('/api/announcements', { data: { title: 'No', description: 'No' } });
    expect(refused.status()).toBe(403);
  });
});
