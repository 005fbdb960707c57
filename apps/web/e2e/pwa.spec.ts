import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, fillSignIn, signInAs, test } from './fixtures';

/**
 * Brigade installs and starts offline (issue 34): the manifest, the service worker, what
 * Chromium says about installing it, a reload with no network, and the update prompt.
 * The other specs keep service workers blocked (playwright.config.ts); these allow them.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true });

/** The worker that controls the page: once it has installed (precached the build) and claimed it. */
async function controllingWorker(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 })
    .not.toBeNull();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Whether the page's kept answers (lib/query-persister.ts) hold the signed-in person: saved a second after they change. */
async function keptSignedIn(page: Page, email: string): Promise<boolean> {
  return page.evaluate(async (email) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('brigade-queries');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!database.objectStoreNames.contains('cache')) return false;
    const value = await new Promise<unknown>((resolve, reject) => {
      const request = database.transaction('cache').objectStore('cache').get('queries');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    database.close();
    return typeof value === 'string' && value.includes(email);
  }, email);
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the web app manifest is served and describes an installable app', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#3b5bdb');

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Brigade',
    short_name: 'Brigade',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#3b5bdb',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(pngSize(await image.body()).join('x'), icon.src).toBe(icon.sizes);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('signed in, the service worker activates and Chromium finds nothing keeping the app from installing', async ({
  baseURL,
}, testInfo) => {
  // A browser profile on disk: Chromium never offers to install from an incognito context,
  // which is what Playwright's contexts are ('in-incognito').
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-e2e-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAs(page, 'staff');
    expect(new URL(await controllingWorker(page)).pathname).toBe('/sw.js');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a reload still opens the signed-in app on a phone, and says it is offline', async ({
  page,
  context,
}) => {
  await signInAs(page, 'staff');
  await controllingWorker(page);
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect.poll(() => keptSignedIn(page, 'staff@example.com'), { timeout: 15_000 }).toBe(true);
  await expect(page.getByText('You are offline')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // Truly offline: the page's own requests fail, through the worker or not.
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  // The tab bar's pages' code is there too (precached).
  await page.getByRole('link', { name: 'Trainings' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('My Dashboard');

  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);
});

test('signing out deletes what the device kept: offline, the next start does not open the app', async ({
  page,
  context,
}) => {
  // Through the form: ending the worker's shared staff session would cost the next test a sign-in.
  await page.goto('/');
  await fillSignIn(page, 'manager@example.com');
  await expect(page.getByRole('heading', { name: 'Manager Dashboard' })).toBeVisible();
  await controllingWorker(page);
  await expect.poll(() => keptSignedIn(page, 'manager@example.com'), { timeout: 15_000 }).toBe(true);

  // On a phone, Sign Out is in the navigation drawer.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => keptSignedIn(page, 'manager@example.com')).toBe(false);

  // Nothing kept says who was signed in: Sign In, or that Brigade cannot be reached.
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Sign In' }).or(page.getByRole('alert', { name: 'Brigade could not start' })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manager Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});

test('a new version waiting shows "A new version is available", and Reload brings it in', async ({ page }) => {
  await signInAs(page, 'staff');
  await controllingWorker(page);
  await expect(page.getByText('A new version is available')).toHaveCount(0);

  // A new release, as the browser sees one: another worker script for the scope, which
  // installs beside the running one and waits (it does not skip waiting by itself). The
  // server answers /sw.js whatever the query; Playwright cannot route a worker's own script.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=2'));
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  const workers = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controller: navigator.serviceWorker.controller
          ? new URL(navigator.serviceWorker.controller.scriptURL).search
          : null,
        waiting: registration?.waiting ? new URL(registration.waiting.scriptURL).search : null,
      };
    });
  expect(await workers()).toEqual({ controller: '', waiting: '?release=2' });

  // Reload: the waiting version takes charge, and the page loads again under it. (The page
  // then registers /sw.js, as it always does, which the browser sees as yet another release.)
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect((await workers()).controller).toBe('?release=2');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
});
