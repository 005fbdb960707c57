import { expect, nameAndLinkViolations, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 37, API tokens: hq makes a token on the API Tokens screen with a name, scopes and
 * an expiry, copies it (shown once), and a script calls the API with it alone (no cookie);
 * after hq revokes it, the script's next call is refused. Managers have no such screen.
 */

const DRAWN = { timeout: 30_000 };

test('hq creates a token, copies it, a script reads with it, and hq revokes it', async ({ page, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'hq');
  await page.getByRole('navigation').getByRole('link', { name: 'API Tokens' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible(DRAWN);

  const name = `Warehouse ${uniqueTag()}`;
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Choose at least one scope')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('checkbox', { name: 'Restaurants: read' }).check();
  await dialog.getByRole('checkbox', { name: 'Audits: write' }).check();
  // Write includes read: its read box is ticked and held.
  await expect(dialog.getByRole('checkbox', { name: 'Audits: read' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Audits: read' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'In 30 days' }).check();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'Copy the token now' });
  await expect(shown.getByText('This is the only time the token is shown.', { exact: false })).toBeVisible();
  const field = await shown.getByLabel(`Token for ${name}`).inputValue();
  await shown.getByRole('button', { name: 'Copy token' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(field);
  expect(token).toMatch(/^brg_[A-Za-z0-9_-]{43}$/);

  // A script with the token alone: no cookie, no Origin.
  const headers = { authorization: `Bearer ${token}` };
  const restaurants = await request.get('/api/restaurants', { headers });
  expect(restaurants.status()).toBe(200);
  expect(JSON.stringify(await restaurants.json())).toContain('Brigade Amsterdam Centraal');
  expect(restaurants.headers()['set-cookie']).toBeUndefined();
  const announce = await request.post('/api/announcements', {
    headers,
    data: { title: 'From a script', description: 'No scope for this' },
  });
  expect(announce.status()).toBe(403);

  await shown.getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Restaurants: read', { exact: true })).toBeVisible();
  await expect(card.getByText('Audits: read and write', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name }).getByText(/^Last used .+ from /)).toBeVisible(DRAWN);
  expect(await page.content()).not.toContain(token);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await nameAndLinkViolations(page)).toEqual([]);

  // Revoking asks first; Cancel keeps it.
  const revokeButton = () => page.getByRole('listitem', { name }).getByRole('button', { name: `Revoke ${name}` });
  await revokeButton().click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await request.get('/api/restaurants', { headers })).status()).toBe(200);

  await revokeButton().click();
  await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('listitem', { name }).getByText('Revoked', { exact: true })).toBeVisible();
  await expect(revokeButton()).toHaveCount(0);
  const refused = await request.get('/api/restaurants', { headers });
  expect(refused.status()).toBe(401);
});

test('on a phone the API Tokens screen and its form fit and have no serious accessibility violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'hq', '/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible(DRAWN);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await expect(dialog.getByRole('checkbox', { name: 'Announcements: write' })).toBeInViewport({ ratio: 1 });
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a manager has no API Tokens entry, cannot open the screen, and the tokens API refuses them', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'API Tokens' })).toHaveCount(0);
  await page.goto('/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  expect((await page.request.get('/api/api-tokens')).status()).toBe(403);
});
