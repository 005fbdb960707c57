import fs from 'node:fs';
import path from 'node:path';
import { dashboardPathFor, ROLES, type Role } from '@brigade/core/roles';
import { type AppRoute, appRoutes, canOpenRoute } from '@brigade/core/routes';
import type { Page } from '@playwright/test';
import { routeFakeReportFrame } from '../e2e/fake-report-frame';
import { expect, signInAs, test } from '../e2e/fixtures';
import { BROWSER_CLOCK, SCREENS_DIR } from './playwright.screens.config';

/**
 * Issue 32: a full-page picture of every page each role can open, at 1280 × 800 and on a
 * 390 × 844 phone, into SCREENS_DIR, for compare.ts to diff against another build's.
 * The pages come from core's route table as in ../e2e/accessibility.spec.ts; a page with
 * an id opens at a link to one that the role's other pages show, chosen by the link's
 * text (not by its place in a list, which a redesign may change), and the same address
 * is photographed at both widths. Each picture is taken on a fresh load of the page,
 * once its data is drawn and two pictures in a row are the same.
 */

const WIDTHS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

interface Shot {
  file: string;
  role: Role;
  route: string;
  path: string;
  width: string;
  /** The text of the link the id page was reached through (pages with an id only). */
  linkText?: string;
  h1: string;
  /** The start of the page's text at 1280 px: tells one item's page from another's across runs (ids differ). */
  fingerprint: string;
  /** Pictures taken until two in a row matched; `stable: false` means they never did. */
  tries: number;
  stable: boolean;
}

/** `/audits/:id/report` → `audits--ID--report`, the same in every run whatever the id. */
export function slug(routePath: string) {
  return routePath
    .slice(1)
    .split('/')
    .map((part) => (part.startsWith(':') ? part.slice(1).toUpperCase() : part))
    .join('--');
}

function addressPattern(route: AppRoute): RegExp {
  return new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/?#]+')}$`);
}

/** The app's own addresses the page links to, with each link's text. */
async function linksOn(page: Page): Promise<{ path: string; text: string }[]> {
  return page.locator('a[href^="/"]').evaluateAll((links) =>
    links.map((link) => ({
      path: new URL((link as HTMLAnchorElement).href).pathname,
      text: ((link as HTMLElement).innerText || link.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim(),
    })),
  );
}

/** Waits until the page at `route` is drawn with its data and nothing is still loading. */
async function drawn(page: Page, route: AppRoute) {
  await expect(page).toHaveTitle(`${route.title} · Brigade`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // The dashboards draw a card's data once it is seen (use-seen.ts): scroll through the page first.
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await pause();
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.mantine-Skeleton-root[data-visible]:visible, [aria-busy="true"]:visible')).toHaveCount(
    0,
    { timeout: 30_000 },
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((image) => !image.complete)
        .map((image) => new Promise((resolve) => image.addEventListener('loadend', resolve, { once: true }))),
    );
  });
  await page.waitForLoadState('networkidle');
}

/** The page's h1 and the start of its main text, to recognise the same item in another run. */
async function identify(page: Page) {
  const h1 = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const main = page.locator('main').first();
  const text = (await main.count()) ? await main.innerText() : await page.locator('body').innerText();
  return { h1, fingerprint: text.replace(/\s+/g, ' ').trim().slice(0, 400) };
}

/**
 * SCREENS_MATCH=<an earlier run's SCREENS_DIR>: photograph each id page at the item that
 * run did (same h1 and text), so a before/after pair shows one item even when the new
 * build's lists order or label their links differently.
 */
function earlierChoices(role: Role) {
  const dir = process.env.SCREENS_MATCH;
  const chosen = new Map<string, { h1: string; fingerprint: string }>();
  if (!dir) return chosen;
  const file = path.join(dir, `manifest-${role}.json`);
  if (!fs.existsSync(file)) return chosen;
  for (const shot of (JSON.parse(fs.readFileSync(file, 'utf8')) as { shots: Shot[] }).shots) {
    if (shot.width === WIDTHS[0].label) chosen.set(shot.route, shot);
  }
  return chosen;
}

/** Things that differ between runs whatever the build: video frames, the Power BI stand-in's tokens. */
const NOISE = 'video, iframe, canvas';

/** A full-page picture once two in a row are the same (charts and late layout settle first). */
async function stablePicture(page: Page) {
  const take = () =>
    page.screenshot({
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: [page.locator(NOISE)],
      maskColor: '#ff00ff',
    });
  let previous = await take();
  for (let tries = 2; tries <= 8; tries++) {
    await page.waitForTimeout(400);
    const next = await take();
    if (next.equals(previous)) return { png: next, tries, stable: true };
    previous = next;
  }
  return { png: previous, tries: 8, stable: false };
}

test.beforeAll(() => {
  if (!SCREENS_DIR) throw new Error('Set SCREENS_DIR to the folder the screenshots go to.');
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
});

for (const role of ROLES as readonly Role[]) {
  test(`${role}: every page they can open at 1280 and 390 px`, async ({ page }) => {
    const routes = appRoutes.filter((route) => canOpenRoute(role, route));
    const literal = routes.filter((route) => !route.path.includes(':'));
    const withId = routes.filter((route) => route.path.includes(':'));
    const shots: Shot[] = [];

    await page.clock.setFixedTime(BROWSER_CLOCK);
    await routeFakeReportFrame(page);
    await page.setViewportSize(WIDTHS[0]);
    await signInAs(page, role);
    await page.goto('/');
    await expect(page).toHaveURL(dashboardPathFor(role), { timeout: 30_000 });

    // Which address each route is photographed at: its own, or one its role's pages link to.
    const targets: { route: AppRoute; path: string; linkText?: string }[] = [];
    const links = new Map<string, string>();
    const learn = async () => {
      for (const link of await linksOn(page)) {
        const known = links.get(link.path);
        if (known === undefined || (link.text && (!known || link.text < known))) links.set(link.path, link.text);
      }
    };

    const earlier = earlierChoices(role);
    const visited = new Map<string, { h1: string; fingerprint: string }>();
    /** Opens `path` at the current width, once its data is drawn; learns its links at 1280 px. */
    const open = async (route: AppRoute, address: string, learning: boolean) => {
      await page.goto(address);
      await drawn(page, route);
      if (learning) await learn();
      const identity = await identify(page);
      if (learning) visited.set(address, identity);
      return identity;
    };

    const shoot = async (
      target: { route: AppRoute; path: string; linkText?: string },
      width: (typeof WIDTHS)[number],
    ) =>
      test.step(`${width.label} ${target.path}`, async () => {
        const { h1, fingerprint } = await open(target.route, target.path, width === WIDTHS[0]);
        const { png, tries, stable } = await stablePicture(page);
        const file = `${role}__${slug(target.route.path)}__${width.label}.png`;
        fs.writeFileSync(path.join(SCREENS_DIR, file), png);
        shots.push({
          file,
          role,
          route: target.route.path,
          path: target.path,
          width: width.label,
          linkText: target.linkText,
          h1,
          fingerprint,
          tries,
          stable,
        });
      });

    const candidatesFor = (route: AppRoute) =>
      [...links]
        .filter(([link]) => addressPattern(route).test(link) && !literal.some((other) => other.path === link))
        // By the link's text, not its place in a list (ids differ between runs, places between builds).
        .sort(([, textA], [, textB]) => (textA || '\uffff').localeCompare(textB || '\uffff'));

    /** The address to photograph `route` at: the earlier run's item if SCREENS_MATCH finds it, else the first by text. */
    const choose = async (route: AppRoute) => {
      const candidates = candidatesFor(route);
      const wanted = earlier.get(route.path);
      if (wanted) {
        for (const [address, text] of candidates.slice(0, 15)) {
          const seen = visited.get(address) ?? (await open(route, address, true));
          if (seen.h1 === wanted.h1 && seen.fingerprint === wanted.fingerprint) return { address, text };
        }
        const sameTitle = candidates.find(([address]) => visited.get(address)?.h1 === wanted.h1);
        if (sameTitle) return { address: sameTitle[0], text: sameTitle[1] };
      }
      const first = candidates[0];
      return first ? { address: first[0], text: first[1] } : null;
    };

    for (const route of literal) {
      const target = { route, path: route.path };
      targets.push(target);
      await shoot(target, WIDTHS[0]);
    }
    const unreached = () => withId.filter((route) => !targets.some((target) => target.route === route));
    // Pages with an id: a detail page links to more (an audit to its report), so go round until none is new;
    // then open other items' pages (not photographed) for links to the pages still unreached.
    for (let explored = 0; explored <= 10; ) {
      let progress = false;
      for (const route of unreached()) {
        const chosen = await choose(route);
        if (!chosen) continue;
        const target = { route, path: chosen.address, linkText: chosen.text };
        targets.push(target);
        await shoot(target, WIDTHS[0]);
        progress = true;
      }
      if (progress) continue;
      if (!unreached().length) break;
      const next = withId
        .flatMap((route) => candidatesFor(route).map(([address]) => ({ route, address })))
        .find(({ address }) => !visited.has(address));
      if (!next) break;
      await test.step(`look for links on ${next.address}`, () => open(next.route, next.address, true));
      explored++;
    }

    await page.setViewportSize(WIDTHS[1]);
    for (const target of targets) await shoot(target, WIDTHS[1]);

    const left = unreached().map((route) => route.path);
    fs.writeFileSync(
      path.join(SCREENS_DIR, `manifest-${role}.json`),
      `${JSON.stringify({ role, unreached: left, shots }, null, 2)}\n`,
    );
    test.info().annotations.push({
      type: 'pages',
      description: `${targets.length} pages, ${shots.length} pictures; no link found to ${left.join(', ') || 'none left out'}`,
    });
  });
}
