import { messages } from '@brigade/core/messages';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, fillSignIn, seriousViolations, signInAs, test } from './fixtures';

/**
 * Issue 20, "Password reset": Forgot password on Sign In sends a link to the test SMTP
 * server, the link sets a new password, and it signs in; and hq's temporary password,
 * which the person must replace before anything else.
 */

const AMSTERDAM = 'Brigade Amsterdam Centraal';
/** A screen's first draw after a lazy chunk, on a machine the whole suite shares. */
const DRAWN = { timeout: 30_000 };

// Two people, two browsers, an email round trip: more than one page's worth of time.
test.slow();
const STARTING_PASSWORD = 'starting-password';
/** The demo server's SMTP sink, read over HTTP (playwright.config.ts). */
const INBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4321) + 13}/messages`;

interface InboxMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A staff member of Amsterdam made by hq, with a password the test knows; each test its own. */
async function createStaff(request: APIRequestContext, label: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const amsterdam = restaurants.find((restaurant) => restaurant.name === AMSTERDAM);
  const person = { name: `${label} ${stamp}`, email: `${label.toLowerCase()}.${stamp}@example.com` };
  const response = await request.post('/api/users', {
    data: { ...person, password: STARTING_PASSWORD, role: 'staff', selectedRestaurants: [amsterdam?.id] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return person;
}

async function mailTo(email: string): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${INBOX}?to=${encodeURIComponent(email)}`);
      [found] = (await response.json()) as InboxMail[];
      return found?.subject;
    })
    .toBe('Reset your Brigade password');
  if (!found) throw new Error('no email');
  return found;
}

async function signedOutPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('Forgot password: the emailed link sets a new password, which signs in; the link works once', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'hq');
  const person = await createStaff(page.request, 'Forgetful');

  const visitor = await signedOutPage(browser, baseURL);
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Sign In' })).toBeVisible(DRAWN);
  await visitor.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(visitor.getByRole('heading', { name: 'Forgot password' })).toBeVisible(DRAWN);
  await visitor.getByLabel('Email').fill(person.email.toUpperCase());
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByText(messages.passwordResetSent)).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);

  const mail = await mailTo(person.email);
  expect(mail.html).toContain('Choose a new password');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await visitor.goto(link as string);
  await expect(visitor.getByRole('heading', { name: 'Choose a new password' })).toBeVisible(DRAWN);
  // The app's password rules, with their message.
  await visitor.getByLabel('New password').fill('12345');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByText(messages.passwordTooShort)).toBeVisible();
  await visitor.getByLabel('New password').fill('remembered-now');
  await visitor.getByRole('button', { name: 'Set new password' }).click();
  await expect(visitor.getByText(messages.passwordResetDone)).toBeVisible();

  await visitor.getByRole('button', { name: 'Go to Sign In' }).click();
  await fillSignIn(visitor, person.email, 'remembered-now');
  await expect(visitor.getByRole('heading', { name: 'My Dashboard' })).toBeVisible(DRAWN);

  // The same link again: refused, in words.
  const again = await signedOutPage(browser, baseURL);
  await again.goto(link as string);
  await again.getByLabel('New password').fill('another-one');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(again.getByText(messages.passwordResetLinkInvalid)).toBeVisible();
});

test("hq's temporary password: the person must choose their own before anything else", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'hq', '/staff-management');
  const person = await createStaff(page.request, 'Locked');

  await page.getByLabel('Search staff').fill(person.email);
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit / }) })).toHaveCount(1);
  await row.getByRole('button', { name: `Set a temporary password for ${person.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Temporary password for ${person.name}` });
  await dialog.getByLabel('Temporary password').fill('given-by-hq');
  await dialog.getByRole('button', { name: 'Set temporary password' }).click();
  await expect(page.getByText(messages.temporaryPasswordSet)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const visitor = await signedOutPage(browser, baseURL);
  await visitor.goto('/dashboard-staff');
  await fillSignIn(visitor, person.email, 'given-by-hq');
  await expect(visitor.getByRole('heading', { name: 'Choose your password' })).toBeVisible(DRAWN);
  await expect(visitor.getByText(messages.passwordChangeRequired)).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);
  // The server agrees: nothing else answers meanwhile.
  const refused = await visitor.request.get('/api/dashboards/staff');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('PASSWORD_CHANGE_REQUIRED');

  await visitor.getByLabel('New password').fill('my-own-choice');
  await visitor.getByRole('button', { name: 'Save password' }).click();
  await expect(visitor.getByRole('heading', { name: 'My Dashboard' })).toBeVisible(DRAWN);
  expect((await visitor.request.get('/api/dashboards/staff')).status()).toBe(200);
});
