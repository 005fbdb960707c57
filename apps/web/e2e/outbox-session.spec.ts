import type { APIRequestContext, Page } from '@playwright/test';
import { created, demoAccounts, expect, fillSignIn, signInAs, test, uniqueTag } from './fixtures';
import { hqApi, unsentChangeMakers, unsentChanges, WAITING } from './offline-fixtures';

/**
 * Issue 34, the outbox and the session: changes made offline belong to the person who made
 * them. Sign Out asks before deleting them; a session that ended while offline asks to sign
 * in, and then sends them only as that person, never as someone else who signs in here.
 */

/** An announcement managers must acknowledge; answers its id and how many acknowledged it. */
async function announcementForManagers(hq: APIRequestContext, title: string) {
  const announcement = await created(
    await hq.post('/api/announcements', {
      data: {
        title,
        description: 'The walk-in fridge door seal was replaced.',
        requiresAck: true,
        audienceRoles: ['manager'],
        restaurantIds: [],
      },
    }),
  );
  const acknowledged = async () =>
    (
      (await (await hq.get(`/api/announcements/${announcement.id}/acknowledgement-counts`)).json()) as {
        acknowledged: number;
      }
    ).acknowledged;
  return { id: announcement.id, acknowledged };
}

/** Acknowledges the open announcement with no connection: the change waits on the device. */
async function acknowledgeOffline(page: Page) {
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'I have read this' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your acknowledgement' })).toContainText(WAITING);
  await expect.poll(() => unsentChanges(page)).toBe(1);
}

test('Sign Out asks first while a change waits; once it has gone, signing out asks nothing', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const title = `Door seal replaced ${uniqueTag()}`;
  const announcement = await announcementForManagers(hq, title);
  await signInAs(page, 'manager', `/announcements/${announcement.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await acknowledgeOffline(page);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toContainText('1 change has not been sent yet. Signing out deletes it from this device.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You acknowledged this on' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => unsentChangeMakers(page)).toEqual([]);
  expect(await announcement.acknowledged()).toBe(1);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await hq.dispose();
});

test('a session that ended offline: another person who signs in does not send the change; its maker does, once', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const title = `Fryer oil changed ${uniqueTag()}`;
  const announcement = await announcementForManagers(hq, title);
  await signInAs(page, 'manager', `/announcements/${announcement.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const managerId = ((await (await page.request.get('/api/me')).json()) as { id: string }).id;
  await acknowledgeOffline(page);

  // The session ends while offline; back online, sending meets 401 and Sign In appears.
  await page.context().clearCookies();
  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 30_000 });
  expect(await unsentChangeMakers(page)).toEqual([managerId]);

  // Someone else signs in on this browser: the manager's change is shown, never sent as theirs.
  await fillSignIn(page, demoAccounts.staff.email);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Changes made by another person on this device are waiting')).toBeVisible();
  // Sending runs on sign-in; give it time to (wrongly) send before looking.
  await page.waitForTimeout(2_000);
  expect(await unsentChangeMakers(page)).toEqual([managerId]);
  expect(await announcement.acknowledged()).toBe(0);

  // They have nothing waiting of their own: Sign Out asks nothing and leaves the manager's change.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await unsentChangeMakers(page)).toEqual([managerId]);

  // The manager signs in again: their change goes, once.
  await fillSignIn(page, demoAccounts.manager.email);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => unsentChanges(page), { timeout: 30_000 }).toBe(0);
  expect(await announcement.acknowledged()).toBe(1);
  await hq.dispose();
});

test('two tabs back online at once send each change once (they take turns under a Web Lock)', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  const hq = await hqApi(baseURL ?? '');
  const tag = uniqueTag();
  const titles = [`Ice machine descaled ${tag}`, `New glove supplier ${tag}`, `Pest control visit ${tag}`];
  const announcements = [];
  for (const title of titles) announcements.push(await announcementForManagers(hq, title));

  await signInAs(page, 'manager', demoAccounts.manager.dashboard);
  const otherTab = await context.newPage();
  await otherTab.goto(demoAccounts.manager.dashboard);
  await expect(otherTab.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  const pinned = page.getByRole('region', { name: 'Please acknowledge' });
  for (const title of titles) {
    await pinned
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'I have read this' })
      .click();
  }
  await expect.poll(() => unsentChanges(page)).toBe(3);

  const acknowledgements: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/acknowledge')) acknowledgements.push(request.url());
  });
  // Both tabs hear `online` and start sending at the same moment.
  await context.setOffline(false);
  await expect.poll(() => unsentChanges(page), { timeout: 30_000 }).toBe(0);
  for (const announcement of announcements) expect(await announcement.acknowledged()).toBe(1);
  expect(acknowledgements).toHaveLength(3);
  expect(new Set(acknowledgements).size).toBe(3);
  await hq.dispose();
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('with every tab closed, Background Sync sends the change from the worker, once', async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    const hq = await hqApi(baseURL ?? '');
    const title = `Hand wash station restocked ${uniqueTag()}`;
    const announcement = await announcementForManagers(hq, title);
    await signInAs(page, 'manager', `/announcements/${announcement.id}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await acknowledgeOffline(page);

    // The tab closes while offline; the connection comes back with no page open.
    const blank = await context.newPage();
    await page.close();
    await context.setOffline(false);

    // Chromium fires the `sync` event with the outbox's tag when the connection returns (it
    // may already have); fired here too, so the test does not wait on the browser's timing.
    // No page of the app is open: whatever sends is the worker.
    const cdp = await context.newCDPSession(blank);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(baseURL ?? '').origin;
    await expect.poll(() => registrations.some((registration) => registration.scopeURL.startsWith(origin))).toBe(true);
    const registration = registrations.find((each) => each.scopeURL.startsWith(origin));
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: registration?.registrationId ?? '',
      tag: 'brigade-outbox',
      lastChance: false,
    });

    await expect.poll(() => announcement.acknowledged(), { timeout: 30_000 }).toBe(1);
    // Sent once, and the outbox is empty when the app opens again.
    await blank.goto(`/announcements/${announcement.id}`);
    await expect.poll(() => unsentChangeMakers(blank)).toEqual([]);
    expect(await announcement.acknowledged()).toBe(1);
    await hq.dispose();
  });
});
