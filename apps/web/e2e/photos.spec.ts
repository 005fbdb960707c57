import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, seriousViolations, signInAs, test } from './fixtures';

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const HQ_NAME = 'Hannah Quist';

/** Other files run at the same time on the same database: every template made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

/** A draft of Amsterdam with a fresh two-item template, made through the API as hq. */
async function createDraft(request: APIRequestContext, items: readonly string[]) {
  const template = await request.post('/api/audit-templates', {
    data: {
      name: uniqueName('Photo walk'),
      description: 'Made by the photos e2e test',
      items: items.map((text) => ({ text })),
    },
  });
  expect(template.status()).toBe(201);
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const auditors = (await (await request.get('/api/audits/auditors')).json()) as { id: string; name: string }[];
  const response = await request.post('/api/audits', {
    data: {
      restaurantId: restaurants.find((restaurant) => restaurant.name === AMSTERDAM)?.id,
      templateIds: [(await template.json()).id],
      auditorId: auditors.find((auditor) => auditor.name === HQ_NAME)?.id,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A photo as a phone's camera would hand it over: a JPEG of a few colours. */
async function cameraPhoto() {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2980b9' } })
    .composite([
      { input: { create: { width: 400, height: 900, channels: 3, background: '#e67e22' } }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  return { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer };
}

test.describe('Photo evidence on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('hq takes a photo while conducting, submits, and the completed audit opens it in the viewer', async ({
    page,
  }) => {
    const items = [uniqueName('Fridge at or below 4 °C'), uniqueName('Floors dry and clean')] as const;
    await signInAs(page, 'hq');
    const draft = await createDraft(page.request, items);
    await page.goto(`/audits/${draft.id}`);

    const photosOfFirst = page.getByRole('group', { name: `Photos of ${items[0]}` });
    await expect(photosOfFirst.getByRole('button', { name: `Take photo for ${items[0]}` })).toBeVisible();
    await expect(photosOfFirst.getByText('0 of 5')).toBeVisible();
    // A comment typed first survives the upload: uploads are apart from Save Draft.
    await page.getByRole('textbox', { name: `Comment for ${items[0]}` }).fill('Thermometer shows 9 °C');

    // The upload is held a moment by the test, so its progress can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/audits/*/items/*/photos', async (route) => {
      await held;
      await route.continue();
    });
    // The camera input (capture="environment"): on a phone it opens the camera directly.
    const camera = photosOfFirst.locator('input[type="file"][capture="environment"]');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await camera.setInputFiles(await cameraPhoto());
    await expect(photosOfFirst.getByText(/^Uploading IMG_0001\.jpg… \d+%$/)).toBeVisible();
    await expect(photosOfFirst.getByRole('progressbar', { name: 'Uploading IMG_0001.jpg' })).toBeAttached();
    release();
    await expect(photosOfFirst.getByRole('img', { name: `${items[0]}: photo 1` })).toBeVisible();
    await expect(photosOfFirst.getByRole('progressbar')).toHaveCount(0);
    await expect(photosOfFirst.getByText('1 of 5')).toBeVisible();
    await page.unroute('**/api/audits/*/items/*/photos');

    // A file that is not a photo is refused with the server's reason, and can be retried or dismissed.
    const photosOfSecond = page.getByRole('group', { name: `Photos of ${items[1]}` });
    await photosOfSecond.locator('input[type="file"][capture="environment"]').setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('these are notes, not a photo'),
    });
    const refusal = photosOfSecond.getByRole('alert');
    await expect(refusal).toContainText('notes.jpg was not added');
    await expect(refusal).toContainText('This file is not a photo');
    await expect(refusal.getByRole('button', { name: 'Retry' })).toBeVisible();
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(photosOfSecond.getByRole('alert')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await expect(page.getByRole('textbox', { name: `Comment for ${items[0]}` })).toHaveValue('Thermometer shows 9 °C');
    await page.getByRole('radiogroup', { name: items[0] }).getByRole('radio', { name: 'Bad', exact: true }).check();
    await page.getByRole('radiogroup', { name: items[1] }).getByRole('radio', { name: 'Good', exact: true }).check();
    await page.getByRole('button', { name: 'Submit Audit' }).click();
    await expect(page.getByText(/Audit submitted: score/)).toBeVisible();

    // Completed: a thumbnail to open, nothing to add or remove.
    const open = page.getByRole('button', { name: `Open photo 1 of 1: ${items[0]}` });
    await expect(open).toBeVisible();
    await expect(page.getByRole('button', { name: /Take photo/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Remove photo/ })).toHaveCount(0);
    await open.click();
    const viewer = page.getByRole('dialog', { name: `${items[0]}: photo 1 of 1` });
    await expect(viewer).toBeVisible();
    const image = viewer.getByRole('img', { name: `${items[0]}: photo 1 of 1` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(open).toBeFocused();
  });
});
