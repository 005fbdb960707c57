import { expect, nameAndLinkViolations, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 36, provisioning: hq makes a SCIM token for Microsoft Entra ID on the Provisioning
 * screen, sees it once (and the provider can call with it), and revokes it after a
 * confirmation, after which the provider's calls are refused. Managers have no such screen.
 */

const DRAWN = { timeout: 30_000 };

test('hq creates a token, sees it once, the provider calls with it, and hq revokes it', async ({ page }) => {
  await signInAs(page, 'hq');
  await page.getByRole('navigation').getByRole('link', { name: 'Provisioning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provisioning' })).toBeVisible(DRAWN);
  await expect(page.getByText(/\/scim\/v2$/)).toBeVisible();

  const name = `Entra ID ${uniqueTag()}`;
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Name the token after the system that will use it')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'Copy the token now' });
  await expect(shown.getByText('This is the only time the token is shown.', { exact: false })).toBeVisible();
  const token = await shown.getByLabel(`Token for ${name}`).inputValue();
  expect(token).toMatch(/^brigade_scim_/);
  expect(await seriousViolations(page)).toEqual([]);

  // The identity provider calls with it.
  const call = () => page.request.get('/scim/v2/Users?count=1', { headers: { authorization: `Bearer ${token}` } });
  expect((await call()).status()).toBe(200);

  await shown.getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('Active')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name })).toBeVisible(DRAWN);
  expect(await page.content()).not.toContain(token);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await nameAndLinkViolations(page)).toEqual([]);

  // Revoking asks first; Cancel keeps it.
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await call()).status()).toBe(200);

  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('listitem', { name }).getByText('Revoked', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name }).getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: '401',
  });
});

test('on a phone the Provisioning screen fits and has no serious accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'hq', '/provisioning');
  await expect(page.getByRole('heading', { level: 1, name: 'Provisioning' })).toBeVisible(DRAWN);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a manager has no Provisioning entry, and the tokens API refuses them', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Provisioning' })).toHaveCount(0);
  expect((await page.request.get('/api/scim/tokens')).status()).toBe(403);
});
