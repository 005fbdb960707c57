import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@brigade/core/messages';
import type { Browser, Page } from '@playwright/test';
import { buildNeeded } from '../../../scripts/build-if-missing.mjs';
import {
  DEMO_PASSWORD,
  expect,
  fillSignIn,
  nameAndLinkViolations,
  seriousViolations,
  signInAs,
  test,
} from './fixtures';

/**
 * Issue 35, "Demo mail you can see": `npm run demo` without SMTP_URL catches the emails
 * and hq reads them at Demo Emails, so a newcomer follows a password reset end to end
 * without a mail server. The suite's demo server sends to a test SMTP sink (SMTP_URL is
 * set), so this file starts a demo server of its own, as `npm run demo` does.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PORT = Number(process.env.E2E_PORT ?? 4321) + 20;
const ORIGIN = `http://localhost:${PORT}`;
/** As playwright.config.ts starts its servers: the compiled one when its build is current, else from the sources. */
const SERVER_ARGS =
  buildNeeded('server') === null ? ['apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
/** A screen's first draw after a lazy chunk, on a machine the whole suite shares. */
const DRAWN = { timeout: 30_000 };

let server: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brigade-e2e-demo-mail-'));
  const { SMTP_URL, DATABASE_URL, ...env } = process.env;
  server = spawn(process.execPath, [...SERVER_ARGS, '--demo'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      SIGN_IN_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/api/health/ready`).then(
          (response) => response.status,
          () => 0,
        ),
      {
        timeout: 220_000,
        intervals: [250],
      },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Two people, two browsers, an email round trip.
test.slow();

async function pageAt(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN, ...(viewport ? { viewport } : {}) });
  return context.newPage();
}

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await fillSignIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(DRAWN);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
}

test('Forgot password: the email shows on Demo Emails, its link sets a new password, which signs in', async ({
  browser,
}) => {
  const hq = await pageAt(browser);
  await signIn(hq, 'hq@example.com');
  await hq.getByRole('link', { name: 'Demo Emails' }).click();
  await expect(hq.getByRole('heading', { name: 'Demo Emails', level: 1 })).toBeVisible(DRAWN);

  const visitor = await pageAt(browser);
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Sign In' })).toBeVisible(DRAWN);
  await visitor.getByRole('button', { name: 'Forgot password?' }).click();
  await visitor.getByLabel('Email').fill('staff@example.com');
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByText(messages.passwordResetSent)).toBeVisible();

  // The open page asks again on its own: no reload.
  const email = hq.getByRole('button', { name: /Reset your Brigade password/ });
  await expect(email).toBeVisible();
  await expect(email).toContainText('To: staff@example.com');
  await email.click();
  const link = hq.getByRole('link', { name: /\/reset-password\?token=/ });
  await expect(link).toBeVisible();
  expect(await seriousViolations(hq)).toEqual([]);
  expect(await nameAndLinkViolations(hq)).toEqual([]);

  // Followed where it was read: the reset screen works whoever is signed in.
  await link.click();
  await expect(hq.getByRole('heading', { name: 'Choose a new password' })).toBeVisible(DRAWN);
  await hq.getByLabel('New password').fill('followed-the-demo-email');
  await hq.getByRole('button', { name: 'Set new password' }).click();
  await expect(hq.getByText(messages.passwordResetDone)).toBeVisible();

  await visitor.goto('/');
  await fillSignIn(visitor, 'staff@example.com', 'followed-the-demo-email');
  await expect(visitor.getByRole('heading', { name: 'My Dashboard' })).toBeVisible(DRAWN);
});

test('on a phone, hq opens Demo Emails from the menu and reads an email with the keyboard', async ({ browser }) => {
  const visitor = await pageAt(browser);
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Forgot password?' }).click();
  await visitor.getByLabel('Email').fill('manager@example.com');
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByText(messages.passwordResetSent)).toBeVisible();

  const phone = await pageAt(browser, { width: 390, height: 844 });
  await signIn(phone, 'hq@example.com');
  await phone.getByRole('button', { name: 'Open navigation' }).click();
  await phone.getByRole('link', { name: 'Demo Emails' }).click();
  await expect(phone.getByRole('heading', { name: 'Demo Emails', level: 1 })).toBeVisible(DRAWN);

  const email = phone.getByRole('button', { name: /Reset your Brigade password/ }).filter({
    hasText: 'manager@example.com',
  });
  await email.focus();
  await phone.keyboard.press('Enter');
  await expect(email).toHaveAttribute('aria-expanded', 'true');
  const link = phone.getByRole('link', { name: /\/reset-password\?token=/ }).first();
  await expect(link).toBeVisible();
  // Nothing wider than the phone: the long link wraps.
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the demo server with SMTP_URL set (the other specs) sends its emails: no Demo Emails for hq', async ({
  page,
}) => {
  await signInAs(page, 'hq');
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demo Emails' })).toHaveCount(0);
  expect((await page.request.get('/api/demo-emails')).status()).toBe(404);
});
