import { expect, test } from '@playwright/test';
import {
  type FakePushService,
  type PushSubscriptionJson,
  startFakePushService,
} from '../../server/test/fakes/push-service';
import { chromiumArgs, fullChromiumPath } from './chromium-path';
import { created, fillSignIn, uniqueTag } from './fixtures';

/**
 * Issue 34: a person turns push notifications on for this device in Profile, receives a
 * notification there, and turns them off again.
 *
 * Chromium here cannot reach a real push service (no Google account, no network), so
 * `PushManager.prototype.subscribe` and `getSubscription` are stubbed by an init script:
 * they hand the page a subscription made by the local push service of the API tests
 * (server/test/fakes/push-service.ts) for the server's VAPID key, exactly as a browser's
 * push service would. Everything after that is real: the service worker, the Profile
 * switch, the server storing the device, the push job sending an encrypted, VAPID-signed
 * message to the local push service (the demo server trusts its test certificate), which
 * decrypts it. Only the push service's hop back into Chromium is not exercised.
 */

// The full browser: the headless shell the other specs drive has no Notification API (chromium-path.ts).
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: fullChromiumPath, args: chromiumArgs } });

const PASSWORD = 'push-on-device-1';
const SWITCH = 'Push notifications on this device';

let pushService: FakePushService;
test.beforeAll(async () => {
  pushService = await startFakePushService();
});
test.afterAll(async () => {
  await pushService?.close();
});

/** Replaces the browser's push subscription with `subscription` (kept in localStorage across reloads). */
function stubPushManager(subscription: PushSubscriptionJson) {
  const KEY = 'e2e-push-subscription';
  const asBuffer = (base64url: string) =>
    Uint8Array.from(atob(base64url.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)).buffer;
  const made = (stored: { serverKey: string }) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: asBuffer(stored.serverKey) },
    getKey: (name: 'p256dh' | 'auth') => asBuffer(subscription.keys[name]),
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    const serverKey = btoa(String.fromCharCode(...key))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    localStorage.setItem(KEY, JSON.stringify({ serverKey }));
    return made({ serverKey }) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    const stored = localStorage.getItem(KEY);
    return stored ? (made(JSON.parse(stored)) as unknown as PushSubscription) : null;
  };
}

test('a person turns push on for this device in Profile, a new notification is pushed to it, and push goes off again, also by signing out', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  // hq makes the person and, later, assigns them a training (which notifies them).
  const hq = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
  expect(
    (await hq.post('/api/auth/sign-in/email', { data: { email: 'hq@example.com', password: 'demo1234' } })).ok(),
  ).toBe(true);
  const tag = uniqueTag();
  const restaurants = (await (await hq.get('/api/restaurants/options')).json()) as { id: string }[];
  const email = `push.${tag}@example.com`;
  const person = await created(
    await hq.post('/api/users', {
      data: {
        name: `Push ${tag}`,
        email,
        password: PASSWORD,
        role: 'staff',
        selectedRestaurants: [restaurants[0]?.id],
      },
    }),
  );
  const { publicKey } = (await (await hq.get('/api/push/public-key')).json()) as { publicKey: string };
  const subscription = pushService.subscribe(publicKey);
  await context.grantPermissions(['notifications']);
  await context.addInitScript(stubPushManager, subscription);

  await page.goto('/profile');
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 2, name: SWITCH })).toBeVisible();
  const toggle = page.getByRole('switch', { name: SWITCH });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('Signing out turns them off on this device.', { exact: false })).toBeVisible();

  await toggle.click();
  await expect(page.getByText('Push notifications are on for this device')).toBeVisible();
  await expect(toggle).toBeChecked();
  const mine = (await (await page.request.get('/api/push/subscriptions')).json()) as { items: { endpoint: string }[] };
  expect(mine.items.map((device) => device.endpoint)).toEqual([subscription.endpoint]);

  // A training assigned to them: the push job sends it to this device, encrypted for it.
  const categories = (await (await hq.get('/api/training-categories')).json()) as { id: string }[];
  const training = await created(
    await hq.post('/api/trainings', {
      data: {
        title: `Push ${tag}`,
        description: 'Made by the push test',
        categoryIds: [categories[0]?.id],
        quizId: null,
        videos: [],
      },
    }),
  );
  await created(
    await hq.post('/api/training-assignments', { data: { trainingIds: [training.id], staffIds: [person.id] } }),
  );
  await expect
    .poll(
      () =>
        pushService.messages
          .filter((push) => push.endpoint === subscription.endpoint)
          .map((push) => push.message.title),
      {
        timeout: 90_000,
      },
    )
    .toEqual([`New training: Push ${tag}`]);
  expect(pushService.refusals).toEqual([]);

  // Still on after a reload; then off, on the server and in the browser.
  await page.reload();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Push notifications are off for this device')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  const after = (await (await page.request.get('/api/push/subscriptions')).json()) as { items: unknown[] };
  expect(after.items).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();

  // On again, then Sign Out: a shared device must not keep showing this person's notifications.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(toggle).not.toBeChecked();
  const afterSignOut = (await (await page.request.get('/api/push/subscriptions')).json()) as { items: unknown[] };
  expect(afterSignOut.items).toEqual([]);
  await hq.dispose();
});

test('notifications blocked in the browser are explained, and no switch is offered', async ({ page, context }) => {
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    Notification.requestPermission = async () => 'denied';
  });
  await page.goto('/profile');
  await fillSignIn(page, 'staff@example.com');
  await expect(page.getByRole('heading', { level: 2, name: SWITCH })).toBeVisible();
  await expect(page.getByText('Notifications are blocked for Brigade in this browser.')).toBeVisible();
  await expect(page.getByRole('switch', { name: SWITCH })).toHaveCount(0);
});
