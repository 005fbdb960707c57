import path from 'node:path';
import type { Page } from '@playwright/test';
import { measureDownloads } from '../../../bench/web-assets';
import { demoAccounts, expect, signInAs, test } from './fixtures';

/**
 * The JavaScript a browser downloads before a screen draws (issue 38's performance budget):
 * a cost that does not depend on how busy the machine is, so a regression fails here
 * rather than in the next Lighthouse run. Measured in Chromium against the production
 * build the real server serves (compressed, as in production), by encoded (on the wire)
 * body size.
 *
 * Sign In: the script responses that had arrived when its form was drawn. What it asks
 * for while it draws but does not wait for (the single sign-on buttons, the query
 * persister) is small and counted when it comes first, which the budget allows for.
 *
 * A dashboard: the files Vite's manifest says it waits for (`bench/web-assets.ts`: the
 * entry, the signed-in app, the page and the English app catalogues), each of which must
 * have arrived before the title drew. Counting whatever had arrived, as for Sign In, made
 * the figure depend on the machine: on a busy CI the chunks the dashboard asks for after it
 * draws (the forms' `shared`, the outbox: 72 kB) sometimes came first (410.9 kB once).
 *
 * The browser asks for gzip only, which the server sends as built (gzip -9, as
 * `bench/web.ts` weighs the files), so the budgets are issue 18's in the same units;
 * brotli would be 10–15% smaller. Raise a budget only with the reason in the commit
 * (decisions 017 and 053 have the figures).
 */
const KB = 1000;
/**
 * Sign In in English: what it waits for (the entry and its public catalogue, decision 017's
 * 120 kB) and what arrives beside it (the query persister, the single sign-on buttons'
 * chunk): 122.8 kB when this was written.
 */
const SIGN_IN_JS_BUDGET = 124 * KB;
/**
 * A dashboard in English: issue 18's 300 kB of code (Sign In's, the signed-in app's, the
 * page's) and the English app catalogues (29.4 kB): 326.6 kB when this was written.
 */
const DASHBOARD_JS_BUDGET = 330 * KB;

/** The build the demo server serves: WEB_ROOT, which it inherits, else its default (apps/web/dist). */
const webDir = path.resolve(import.meta.dirname, '..');
const distDir = process.env.WEB_ROOT ? path.resolve(process.env.WEB_ROOT) : path.join(webDir, 'dist');

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

/** Marks when an element matching `selector` is first in the page, and what had arrived by then. */
async function watchFirstDraw(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const mark = () => {
      if (document.querySelector(watched)) {
        performance.mark('screen-drawn');
        return true;
      }
      return false;
    };
    new MutationObserver((_, observer) => {
      if (mark()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

interface ScriptsBeforeDraw {
  bytes: number;
  files: { url: string; bytes: number }[];
}

function scripts(files: ScriptsBeforeDraw['files']): ScriptsBeforeDraw {
  return { bytes: files.reduce((sum, { bytes }) => sum + bytes, 0), files };
}

/** The scripts whose response had fully arrived when the screen drew, by encoded body size. */
async function scriptsBeforeDraw(page: Page): Promise<ScriptsBeforeDraw> {
  const arrived = await page.evaluate(() => {
    const [drawn] = performance.getEntriesByName('screen-drawn');
    if (!drawn) throw new Error('the screen has not drawn');
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= drawn.startTime)
      .map((entry) => ({ url: new URL(entry.name).pathname, bytes: entry.encodedBodySize }));
  });
  return scripts(arrived);
}

/** The scripts Vite's manifest says the signed-in screen at `routePath` waits for, as /assets/… paths. */
function scriptsWaitedFor(routePath: string): string[] {
  const screen = measureDownloads(webDir, distDir, [routePath]).find((download) => download.path === routePath);
  if (!screen) throw new Error(`bench/web-assets.ts measured no ${routePath}`);
  return screen.files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
}

function describe({ bytes, files }: ScriptsBeforeDraw): string {
  const each = [...files]
    .sort((a, b) => b.bytes - a.bytes)
    .map(({ url, bytes }) => `${url} ${(bytes / KB).toFixed(1)}`);
  return `${(bytes / KB).toFixed(1)} kB in ${files.length} files: ${each.join(', ')}`;
}

test.describe('JavaScript before the first screen draws (performance budget)', () => {
  test('Sign In downloads at most its budget of JavaScript before its form draws', async ({ page }) => {
    await watchFirstDraw(page, 'form input[name="password"]');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    const arrived = await scriptsBeforeDraw(page);
    // Compressed, as the server sends it: a build served uncompressed would pass any budget it should not.
    expect(arrived.files.length, 'no script arrived before Sign In drew').toBeGreaterThan(0);
    expect(arrived.bytes, describe(arrived)).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET);
  });

  for (const [role, screenPath, title] of [
    ['hq', '/dashboard-hq', 'Headquarters Dashboard'],
    ['manager', '/dashboard-manager', 'Manager Dashboard'],
    ['staff', '/dashboard-staff', 'My Dashboard'],
  ] as const) {
    test(`the ${role} dashboard downloads at most its budget of JavaScript before its title draws`, async ({
      browser,
    }) => {
      // Signed in once in a page of its own; the dashboard then opens in a fresh page with an empty cache.
      const signing = await browser.newContext();
      const signInPage = await signing.newPage();
      await signInAs(signInPage, role);
      const cookies = await signing.cookies();
      await signing.close();

      const context = await browser.newContext();
      await context.addCookies(cookies);
      const page = await context.newPage();
      await watchFirstDraw(page, 'main h1');
      await page.goto(screenPath);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const arrived = await scriptsBeforeDraw(page);
      const waitedFor = scriptsWaitedFor(screenPath);
      // The manifest describes what the browser really waited for: every one of its files had arrived.
      const missing = waitedFor.filter((url) => !arrived.files.some((file) => file.url === url));
      expect(missing, `not arrived before ${demoAccounts[role].email}'s dashboard drew`).toEqual([]);
      const counted = scripts(arrived.files.filter((file) => waitedFor.includes(file.url)));
      expect(counted.bytes, describe(counted)).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
      await context.close();
    });
  }
});
