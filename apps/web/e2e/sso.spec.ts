import { expect, nameAndLinkViolations, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 36, single sign-on: Sign In offers "Sign in with Microsoft" (the OIDC_* provider,
 * here the fake OpenID Connect provider of fake-services); the person signs in there and
 * lands signed in, and signs out. Someone without a Brigade account comes back to Sign In
 * with the reason. hq keeps the providers on the Single Sign-On screen.
 */

const DRAWN = { timeout: 30_000 };

test('a person clicks "Sign in with Microsoft", signs in at the provider, lands signed in, and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible(DRAWN);
  const button = page.getByRole('link', { name: 'Sign in with Microsoft' });
  await expect(button).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await button.click();

  // At the identity provider.
  await expect(page.getByRole('heading', { name: 'Fake identity provider' })).toBeVisible(DRAWN);
  await page.getByLabel('Email').fill('manager@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in Brigade, signed in as the demo manager.
  await expect(page).toHaveURL('/dashboard-manager', DRAWN);
  await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible(DRAWN);
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ email: 'manager@example.com', role: 'manager' });

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible(DRAWN);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('someone the provider knows but Brigade does not comes back to Sign In with the reason', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in with Microsoft' }).click();
  await expect(page.getByRole('heading', { name: 'Fake identity provider' })).toBeVisible(DRAWN);
  await page.getByLabel('Email').fill('stranger@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible(DRAWN);
  await expect(page.getByRole('alert')).toHaveText(
    'There is no Brigade account for your email address yet. Ask head office to add you.',
  );
  // The reason is read once: the address no longer carries it.
  expect(new URL(page.url()).search).toBe('');
  expect(await seriousViolations(page)).toEqual([]);
});

test('hq adds, edits and removes an identity provider; the secret is never shown again', async ({ page }) => {
  await signInAs(page, 'hq');
  await page.getByRole('navigation').getByRole('link', { name: 'Single Sign-On' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Single Sign-On' })).toBeVisible(DRAWN);

  // The OIDC_* provider: shown, with the redirect URI to register, not editable here.
  const fromEnvironment = page.getByRole('listitem', { name: 'Microsoft' });
  await expect(fromEnvironment.getByText('Set by OIDC_* variables')).toBeVisible();
  await expect(fromEnvironment.getByText(/\/api\/auth\/sso\/callback$/)).toBeVisible();
  await expect(fromEnvironment.getByRole('button', { name: /Edit/ })).toHaveCount(0);

  const name = `Contoso ${uniqueTag()}`;
  const secret = `secret-${uniqueTag()}`;
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add identity provider' });
  await dialog.getByLabel('Display name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The form says what is missing before anything is sent.
  await expect(dialog.getByText('Client secret is required')).toBeVisible();
  await dialog.getByLabel('Issuer URL').fill('https://login.microsoftonline.com/contoso-tenant/v2.0');
  await dialog.getByLabel('Client ID').fill('00000000-1111-2222-3333-444444444444');
  await dialog.getByLabel('Client secret').fill(secret);
  await dialog.getByLabel('Allowed email domains').fill('contoso.example');
  await dialog.getByLabel('Allowed email domains').press('Enter');
  await dialog.getByRole('button', { name: 'Add a group' }).click();
  await dialog.getByLabel('Group ID').fill('managers-group-id');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('contoso.example')).toBeVisible();
  await expect(card.getByText('managers-group-id → manager')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name })).toBeVisible(DRAWN);
  expect(await page.content()).not.toContain(secret);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await nameAndLinkViolations(page)).toEqual([]);

  // Its button is on Sign In for everyone (checked through the public list).
  const listed = (await (await page.request.get('/api/sso/providers')).json()) as { name: string }[];
  expect(listed.map((provider) => provider.name)).toContain(name);

  // Edit: a blank secret keeps the stored one.
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit identity provider' });
  await expect(edit.getByLabel('Client secret')).toHaveValue('');
  await edit.getByLabel('Enabled (shown on Sign In)').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('listitem', { name }).getByText('Disabled')).toBeVisible();

  // Removing asks first; Cancel keeps it.
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Remove ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Remove identity provider' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('listitem', { name })).toBeVisible();
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Remove ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Remove identity provider' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name })).toHaveCount(0);
});

test('on a phone the Single Sign-On screen reads in one column and passes axe; a manager has no such screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'hq', '/single-sign-on');
  await expect(page.getByRole('heading', { level: 1, name: 'Single Sign-On' })).toBeVisible(DRAWN);
  await expect(page.getByRole('listitem', { name: 'Microsoft' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  expect((await page.request.get('/api/identity-providers')).status()).toBe(200);
  await page.context().clearCookies();
  await signInAs(page, 'manager');
  expect((await page.request.get('/api/identity-providers')).status()).toBe(403);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Single Sign-On' })).toHaveCount(0);
});
