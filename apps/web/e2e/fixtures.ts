import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, type Cookie, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const demoAccounts = {
  hq: { email: 'hq@example.com', dashboard: '/dashboard-hq', title: 'Headquarters Dashboard' },
  manager: { email: 'manager@example.com', dashboard: '/dashboard-manager', title: 'Manager Dashboard' },
  staff: { email: 'staff@example.com', dashboard: '/dashboard-staff', title: 'My Dashboard' },
} as const;

export type DemoRole = keyof typeof demoAccounts;

/** The demo manager's restaurants, in the selector's order (by name). */
export const managerRestaurants = ['Brigade Amsterdam Centraal', 'Brigade Utrecht Neude'];

/** Fills and submits the Sign In form the way a person does. */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // Until Sign In is up, "Email" may still be a field of the page being left (Profile).
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * The session cookie of each demo role, signed in once per worker through the form. A
 * test that is not about signing in starts from it: every sign-in through the form costs
 * a page load and a password hash on a busy two-core machine, and the suite has ~180.
 * A test that ends the session (Sign Out) is noticed by the next one, which signs in again.
 */
const signedInCookies = new Map<DemoRole, Cookie[]>();

/** Signs the page in as a demo role and opens `path`; tests about Sign In itself use `fillSignIn`. */
export async function signInAs(page: Page, role: DemoRole, path = '/') {
  const cookies = signedInCookies.get(role);
  if (cookies) {
    await page.context().addCookies(cookies);
    if ((await page.request.get('/api/me')).ok()) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
      return;
    }
    await page.context().clearCookies();
    signedInCookies.delete(role);
  }
  await page.goto(path);
  await fillSignIn(page, demoAccounts[role].email);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.includes('session'));
  if (session.length) signedInCookies.set(role, session);
}

/** Other files run at the same time on the same database: every name a test makes is new. */
export function uniqueTag() {
  return `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
}

/** What an API call that makes something answered, once it is known to have succeeded. */
export async function created<T = { id: string }>(
  response: Awaited<ReturnType<APIRequestContext['post']>>,
): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Two rules the default run leaves out or cannot always decide, asked for by name: a
 * control's name holds the text it shows (label-content-name-mismatch, experimental in
 * axe, WCAG 2.5.3: voice control users say what they see), and a link in text is told
 * apart by more than its colour (link-in-text-block, WCAG 1.4.1).
 */
export async function nameAndLinkViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch', 'link-in-text-block'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

export const test = base;
export { expect };

const demoPort = Number(process.env.E2E_PORT ?? 4321);

/**
 * Switches for the fake external services the demo server talks to during end-to-end
 * runs (see playwright.config.ts): make the next Power BI GenerateToken fail, or make the
 * monday.com board answer with errors.
 */
export const fakeServices = {
  powerBiUrl: `https://localhost:${demoPort + 11}`,
  mondayUrl: `http://127.0.0.1:${demoPort + 10}`,
  async failNextPowerBiToken(message = 'Simulated Power BI failure') {
    await postJson(`${fakeServices.powerBiUrl}/__control/fail-next`, { message });
  },
  async setMondayMode(mode: 'ok' | 'errors-on-200' | 'rate-limited-once' | 'server-error') {
    await postJson(`${fakeServices.mondayUrl}/__control/mode`, { mode });
  },
};

async function postJson(url: string, body: unknown) {
  const { request } = await import('@playwright/test');
  const context = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const response = await context.post(url, { data: body });
    if (!response.ok()) throw new Error(`${url} answered ${response.status()}`);
  } finally {
    await context.dispose();
  }
}
