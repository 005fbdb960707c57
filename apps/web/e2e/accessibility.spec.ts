import AxeBuilder from '@axe-core/playwright';
import { dashboardPathFor, ROLES, type Role } from '@brigade/core/roles';
import {
  type AppRoute,
  appRoutes,
  canOpenRoute,
  entriesFor,
  sidebarEntries,
  tabBarEntries,
} from '@brigade/core/routes';
import type { Page } from '@playwright/test';
import { routeFakeReportFrame } from './fake-report-frame';
import { expect, signInAs, test } from './fixtures';

/**
 * Issue 31: axe over every page of every role, failing on a serious or critical
 * violation. The pages come from core's route table, so a new page is checked as soon as
 * it is routed; a page with an id opens at the first link to one that the role's other
 * pages show (an audit, a training, an action, a quiz… of the demo chain). The app loads
 * once per test (a role's session is kept by the worker): each page then opens as a click
 * would, in the router, so the check costs axe's time rather than the app's start.
 */

const DESKTOP = { width: 1280, height: 800 };
/** The rules of WCAG 2.1 A and AA, as the sweep ran them: half of axe's time over ~90 page views. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Serious and critical violations of WCAG 2.1 A/AA on the page as it is now, with axe's
 * experimental check that a control's name contains its visible text (the sweep
 * found the count cards, Mark read and the HQ Reports cards failing it: voice control
 * users say what they see).
 */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_21_AA)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
const PHONE = { width: 390, height: 844 };

/** Opens `path` in the app's router, as a link would, without reloading the app. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits for `route`'s page to be drawn with its data: its title, and no spinner left. */
async function pageDrawn(page: Page, route: AppRoute) {
  // A page's first visit downloads its code: generous on a busy machine, never a figure tested.
  await expect(page).toHaveTitle(`${route.title} · Brigade`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 30_000 });
}

/** `/audits/:id` as a pattern for the addresses of its pages. */
function addressPattern(route: AppRoute): RegExp {
  return new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/?#]+')}$`);
}

/** The app's own addresses the page links to. */
async function linkedPaths(page: Page): Promise<string[]> {
  return page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

/** Signs `page` in as `role` at `viewport`, on their dashboard, reports standing in for Power BI. */
async function openAs(page: Page, role: Role, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  // Power BI's own page is not ours to check, and cannot load here: the reports embed a stand-in.
  await routeFakeReportFrame(page);
  await signInAs(page, role);
  // The app from the address bar, as people arrive, whether the sign-in was the form or a kept session.
  await page.goto('/');
  await expect(page).toHaveURL(dashboardPathFor(role), { timeout: 30_000 });
}

// Each role's pages at 1280 px, and its menu's pages on a phone, as separate tests so the
// two workers share them; a figure of time is never asserted (generous limits only).
test.describe.configure({ mode: 'parallel' });

for (const role of ROLES as readonly Role[]) {
  const routes = appRoutes.filter((route) => canOpenRoute(role, route));

  test(`${role}: every page they can open has no serious accessibility violation at 1280 px`, async ({ page }) => {
    test.setTimeout(300_000);
    await openAs(page, role, DESKTOP);
    const literal = new Set(routes.filter((route) => !route.path.includes(':')).map((route) => route.path));
    const links = new Set<string>();
    const violations: string[] = [];
    const checked: string[] = [];

    const check = (route: AppRoute, path: string) =>
      test.step(path, async () => {
        await openInApp(page, path);
        await pageDrawn(page, route);
        checked.push(path);
        for (const found of await seriousViolations(page)) violations.push(`${path}: ${found}`);
        for (const link of await linkedPaths(page)) links.add(link);
      });

    for (const route of routes.filter((route) => literal.has(route.path))) await check(route, route.path);
    // Pages with an id, at the first address of theirs a checked page links to; a detail
    // page links to more (an audit to its report and actions), so go round until none is new.
    const withId = routes.filter((route) => !literal.has(route.path));
    let progress = true;
    while (progress) {
      progress = false;
      for (const route of withId.filter((route) => !checked.some((path) => addressPattern(route).test(path)))) {
        const path = [...links].find((link) => !literal.has(link) && addressPattern(route).test(link));
        if (!path) continue;
        await check(route, path);
        progress = true;
      }
    }
    const unreached = withId.filter((route) => !checked.some((path) => addressPattern(route).test(path)));
    test.info().annotations.push({
      type: 'pages',
      description: `${checked.length} pages checked; no link found to ${unreached.map((r) => r.path).join(', ') || 'none left out'}`,
    });
    expect(violations).toEqual([]);
  });

  test(`${role}: the pages of their menu have no serious accessibility violation on a 390 × 844 phone`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await openAs(page, role, PHONE);
    const menu = new Set([...entriesFor(sidebarEntries, role), ...entriesFor(tabBarEntries, role)].map((e) => e.path));
    const violations: string[] = [];
    for (const route of routes.filter((route) => menu.has(route.path))) {
      await test.step(route.path, async () => {
        await openInApp(page, route.path);
        await pageDrawn(page, route);
        for (const found of await seriousViolations(page)) violations.push(`${route.path}: ${found}`);
      });
    }
    expect(violations).toEqual([]);
  });
}
