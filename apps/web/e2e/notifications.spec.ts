import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect as baseExpect, created, fillSignIn, signInAs, test, uniqueTag } from './fixtures';

// Every test signs people in and loads whole pages while other runs share the machine:
// generous waits (nothing here waits on a clock, only on answers).
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const PASSWORD = 'notify-me-123';
/** The demo training of staff@example.com due in two days: a fresh demo's reminder job tells them. */
const DUE_SOON = 'Training due soon: Grill Station Basics';

async function createTraining(request: APIRequestContext, title: string) {
  const categories = (await (await request.get('/api/training-categories')).json()) as { id: string }[];
  return created(
    await request.post('/api/trainings', {
      data: {
        title,
        description: `Made by the notifications test: ${title}`,
        categoryIds: [categories[0]?.id],
        videos: [],
      },
    }),
  );
}

/** A new staff member of Amsterdam, so their notifications are theirs alone whatever else runs. */
async function createStaff(request: APIRequestContext, name: string) {
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const amsterdam = restaurants.find((restaurant) => restaurant.name === AMSTERDAM);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const person = await created(
    await request.post('/api/users', {
      data: { name, email, password: PASSWORD, role: 'staff', selectedRestaurants: [amsterdam?.id] },
    }),
  );
  return { id: person.id, email };
}

async function assign(request: APIRequestContext, trainingId: string, staffId: string) {
  const dueAt = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString();
  await created(
    await request.post('/api/training-assignments', {
      data: { trainingIds: [trainingId], staffIds: [staffId], dueAt },
    }),
  );
}

async function signInWithPassword(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

function panel(page: Page) {
  return page.getByRole('dialog', { name: 'Notifications' });
}

test.describe('the bell', () => {
  test('a training due in two days shows under the bell; opening it marks it read and opens the training', async ({
    page,
  }) => {
    await signInAs(page, 'staff');
    // The reminder job runs as the server starts; until it has made the reminder, ask again.
    await expect
      .poll(
        async () => {
          const answer = (await (await page.request.get('/api/notifications?pageSize=50')).json()) as {
            items: { title: string }[];
          };
          return answer.items.map((item) => item.title);
        },
        { timeout: 45_000 },
      )
      .toContain(DUE_SOON);
    // Opening the bell asks for the latest, and brings the count up to date with them.
    await bell(page).click();
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);

    const reminder = panel(page).getByRole('link', { name: new RegExp(DUE_SOON) });
    await expect(reminder).toContainText('Unread:');
    // The day as every screen writes it (issue 31), not as it is stored (2026-12-05).
    await expect(reminder).toContainText(/Due \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
    await reminder.click();

    await expect(page).toHaveURL(/\/trainings\/[^/]+$/);
    await expect(panel(page)).toBeHidden();
    await bell(page).click();
    await expect(panel(page).getByRole('link', { name: new RegExp(DUE_SOON) })).not.toContainText('Unread:');
  });

  test('hq assigns trainings: the new person’s bell counts them; mark one read on the page, then all', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = uniqueTag();
    await signInAs(page, 'hq');
    const person = await createStaff(page.request, `Nora Notified ${tag}`);
    const first = await createTraining(page.request, `Allergens ${tag}`);
    const second = await createTraining(page.request, `Closing checklist ${tag}`);
    await assign(page.request, first.id, person.id);

    const staff = await signInWithPassword(browser, baseURL, person.email);
    await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 1 unread');

    // While the person is signed in, hq assigns another: opening the bell brings it and the count.
    await assign(page.request, second.id, person.id);
    await bell(staff.page).click();
    await expect(
      panel(staff.page).getByRole('link', { name: new RegExp(`New training: Closing checklist ${tag}`) }),
    ).toBeVisible();
    await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 2 unread');

    await panel(staff.page).getByRole('link', { name: 'See all notifications' }).click();
    await expect(staff.page).toHaveURL(/\/notifications$/);
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = staff.page.getByRole('list', { name: 'All notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(staff.page.getByText('2 unread notifications')).toBeVisible();

    await list.getByRole('button', { name: `Mark read: New training: Allergens ${tag}` }).click();
    await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(staff.page.getByText('1 unread notification', { exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: new RegExp(`Allergens ${tag}`) })).not.toContainText('Unread:');

    await staff.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(staff.page.getByText('All notifications marked as read')).toBeVisible();
    await expect(bell(staff.page)).toHaveAccessibleName('Notifications');
    await expect(staff.page.getByText('Everything is read')).toBeVisible();
    await expect(list.getByText('Unread:')).toHaveCount(0);
    await expect(staff.page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await staff.context.close();
  });

  test('a person with no notifications is told they are all caught up', async ({ page, browser, baseURL }) => {
    await signInAs(page, 'hq');
    const person = await createStaff(page.request, `Quiet Quentin ${uniqueTag()}`);

    const staff = await signInWithPassword(browser, baseURL, person.email);
    await expect(bell(staff.page)).toHaveAccessibleName('Notifications');
    await bell(staff.page).click();
    await expect(panel(staff.page).getByText("You're all caught up")).toBeVisible();
    await panel(staff.page).getByRole('link', { name: 'See all notifications' }).click();
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    // See all closes the panel (it fades out, so the page is read on its own).
    await expect(panel(staff.page)).toBeHidden();
    await expect(staff.page.getByRole('main').getByText("You're all caught up")).toBeVisible();
    await staff.context.close();
  });
});

test.describe('Profile: notifications', () => {
  test('a manager’s choice per kind is saved and kept', async ({ page }) => {
    await signInAs(page, 'manager', '/profile');
    const section = page.getByRole('region', { name: 'Notifications' });
    const digest = section.getByRole('radiogroup', { name: 'Weekly digest of my restaurant' });
    await expect(digest.getByRole('radio', { name: 'In-app and email' })).toBeChecked();
    await expect(section.getByText(/Email is off/)).toHaveCount(0);

    await digest.getByText('In-app only').click();
    await expect(page.getByText('Notification preference saved')).toBeVisible();

    await page.reload();
    const reloaded = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('radiogroup', { name: 'Weekly digest of my restaurant' });
    await expect(reloaded.getByRole('radio', { name: 'In-app only' })).toBeChecked();
  });

  test('staff are offered only the kinds they can receive', async ({ page }) => {
    await signInAs(page, 'staff', '/profile');
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section.getByRole('radiogroup', { name: 'Training due in 3 days' })).toBeVisible();
    await expect(section.getByRole('radiogroup', { name: 'Checklist window open' })).toBeVisible();
    await expect(section.getByRole('radiogroup')).toHaveCount(5);
    await expect(section.getByRole('radiogroup', { name: 'Checklist missed' })).toHaveCount(0);
    await expect(section.getByRole('radiogroup', { name: 'Weekly digest of my restaurant' })).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bell opens a drawer with the latest notifications', async ({ page }) => {
    await signInAs(page, 'staff');
    await bell(page).click();
    const drawer = panel(page);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'See all notifications' })).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeGreaterThan(380);

    await drawer.getByRole('button', { name: /close/i }).click();
    await expect(drawer).toBeHidden();
  });
});
