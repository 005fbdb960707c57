import { type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, demoAccounts, expect } from './fixtures';

/** What the offline specs (issue 34) share: a phone, hq's API beside it, a camera, and a look into IndexedDB. */

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** What a change waiting on the device says. */
export const WAITING = 'Will be sent when you are back online';

/** hq's own API session, apart from the phone: it prepares records and counts what arrived. */
export async function hqApi(baseURL: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signIn = await api.post('/api/auth/sign-in/email', {
    data: { email: demoAccounts.hq.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return api;
}

/** A photo as a phone's camera hands it over. */
export async function cameraPhoto(name: string, background = '#16a085') {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Every row of one IndexedDB store of the page's origin. */
export function indexedDbRows<Row>(page: Page, database: string, store: string): Promise<Row[]> {
  return page.evaluate(
    ([databaseName, storeName]) =>
      new Promise<Row[]>((resolve, reject) => {
        const open = indexedDB.open(databaseName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows = open.result.transaction(storeName).objectStore(storeName).getAll();
          rows.onerror = () => reject(rows.error);
          rows.onsuccess = () => {
            resolve(rows.result as Row[]);
            open.result.close();
          };
        };
      }),
    [database, store] as const,
  );
}

/** Who made each change in this device's outbox not yet accepted by the server. */
export async function unsentChangeMakers(page: Page): Promise<string[]> {
  const items = await indexedDbRows<{ state: string; userId: string }>(page, 'brigade-outbox', 'items');
  return items.filter((item) => item.state !== 'sent').map((item) => item.userId);
}

/** How many changes in this device's outbox the server has not accepted yet. */
export async function unsentChanges(page: Page): Promise<number> {
  return (await unsentChangeMakers(page)).length;
}

/** Reloads once the service worker is ready, so that from here on it answers the navigations. */
export async function reloadUnderWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
