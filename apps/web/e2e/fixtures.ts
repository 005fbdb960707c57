import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAs(page: Page, role: DemoRole, path = '/') {
  await page.goto(path);
  await fillSignIn(page, demoAccounts[role].email);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export const test = base;
export { expect };
