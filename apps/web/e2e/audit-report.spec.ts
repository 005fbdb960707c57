import fs from 'node:fs';
import { localDay } from '@brigade/core/restaurant-time';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { expect, seriousViolations, signInAs, test } from './fixtures';

/** The download's name as the server makes it: `audit-<restaurant>-<yyyy-mm-dd>.pdf`, letters, digits and dashes, the restaurant's day. */
function expectedFileName(audit: AuditDetail) {
  const slug = audit.restaurant.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // The restaurant's day of the audit (issue 33).
  return `audit-${slug}-${localDay(new Date(audit.auditedAt), audit.restaurant.timeZone)}.pdf`;
}

test.describe('Audit report on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a manager downloads a completed audit as a PDF, and prints it without the app around it', async ({ page }) => {
    let audit: AuditDetail;

    await test.step('the manager opens a completed audit of their restaurant', async () => {
      await signInAs(page, 'manager', '/audits-management');
      await page.getByRole('link').filter({ hasText: 'Score:' }).first().tap();
      await expect(page).toHaveURL(/\/audits\/[0-9a-f-]{36}$/);
      const id = new URL(page.url()).pathname.split('/').at(-1) as string;
      // The same session as the page: what the manager may read of this audit.
      audit = (await (await page.request.get(`/api/audits/${id}`)).json()) as AuditDetail;
      expect(audit.status).toBe('completed');
    });

    await test.step('Download PDF gives a PDF named after the restaurant and the day', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download PDF' }).tap();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(expectedFileName(audit));
      const bytes = fs.readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(1000);
    });

    await test.step('Print opens the report page: the audit and every item, fitting the phone', async () => {
      await page.getByRole('link', { name: 'Print' }).tap();
      await expect(page).toHaveURL(`/audits/${audit.id}/report`);
      await expect(page.getByRole('heading', { level: 1, name: audit.restaurant.name })).toBeVisible();
      await expect(page.getByText(`Auditor: ${audit.auditor?.name}`)).toBeVisible();
      await expect(page.getByText(`${audit.finalScore}%`).first()).toBeVisible();
      for (const name of audit.templateNames) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      for (const item of audit.items) {
        await expect(page.getByText(item.itemText, { exact: true }).first()).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('the Print button prints the page', async () => {
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print' }).tap();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    });

    await test.step('on paper: no header, navigation, tab bar, footer or buttons; the report stays', async () => {
      const chrome = [
        page.getByRole('banner'),
        page.getByRole('navigation', { name: 'Tab bar' }),
        page.getByRole('contentinfo'),
        page.getByRole('button', { name: 'Print' }),
        page.getByRole('link', { name: 'Download PDF' }),
      ];
      for (const part of chrome) await expect(part).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      for (const part of chrome) await expect(part).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: audit.restaurant.name })).toBeVisible();
      for (const item of audit.items) {
        await expect(page.getByText(item.itemText, { exact: true }).first()).toBeVisible();
      }
      // The score keeps its colour on paper.
      const adjust = await page
        .locator('[data-colour]')
        .first()
        .evaluate((badge) => getComputedStyle(badge).printColorAdjust);
      expect(adjust).toBe('exact');
    });
  });

  test('staff download the report of a completed audit of their restaurant; hq too', async ({ page, browser }) => {
    await signInAs(page, 'staff');
    const list = (await (await page.request.get('/api/audits?page=1')).json()) as {
      items: { id: string; status: string }[];
    };
    const completed = list.items.find((entry) => entry.status === 'completed');
    expect(completed).toBeDefined();
    // The audit itself: a list item's restaurant has no time zone, and the file is named by the restaurant's day.
    const audit = (await (await page.request.get(`/api/audits/${completed?.id}`)).json()) as AuditDetail;
    await page.goto(`/audits/${audit.id}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).tap();
    expect((await downloading).suggestedFilename()).toBe(expectedFileName(audit));

    const hqContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const hqPage = await hqContext.newPage();
    try {
      await signInAs(hqPage, 'hq', `/audits/${audit.id}`);
      const hqDownloading = hqPage.waitForEvent('download');
      await hqPage.getByRole('link', { name: 'Download PDF' }).tap();
      const download = await hqDownloading;
      expect(download.suggestedFilename()).toBe(expectedFileName(audit));
      expect(
        fs
          .readFileSync(await download.path())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } finally {
      await hqContext.close();
    }
  });
});

test('each photo is drawn whole, its shape kept, in a small box, on screen and on paper', async ({ page }) => {
  await signInAs(page, 'hq');
  // A completed demo audit with photos: the report draws thumbnails of the API's width and height.
  const list = (await (await page.request.get('/api/audits?page=1')).json()) as { items: AuditDetail[] };
  let audit: AuditDetail | undefined;
  for (const entry of list.items.filter((candidate) => candidate.status === 'completed')) {
    const detail = (await (await page.request.get(`/api/audits/${entry.id}`)).json()) as AuditDetail;
    if (detail.items.some((item) => item.photos.length > 0)) {
      audit = detail;
      break;
    }
  }
  if (!audit) throw new Error('the demo has a completed audit with photos');
  const photos = audit.items.flatMap((item) => item.photos);
  await page.goto(`/audits/${audit.id}/report`);
  // The photos ("<item>, 1 of 2"); the sign-off form's icons are images too.
  const images = page.getByRole('article').getByRole('img', { name: /, \d+ of \d+$/ });
  await expect(images).toHaveCount(photos.length);

  for (const media of ['screen', 'print'] as const) {
    await page.emulateMedia({ media });
    for (const [index, photo] of photos.entries()) {
      const box = await images.nth(index).boundingBox();
      if (!box) throw new Error(`photo ${index + 1} is drawn`);
      // The image's own shape (within a pixel of rounding), never a strip cut from it.
      expect(Math.abs(box.width / box.height - photo.width / photo.height)).toBeLessThan(0.02);
      expect(Math.max(box.width, box.height)).toBeGreaterThan(100);
      expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(131);
    }
  }
});
