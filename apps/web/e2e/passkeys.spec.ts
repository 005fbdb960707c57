import type { CDPSession, Page } from '@playwright/test';
import { created, expect, fillSignIn, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/**
 * Passkeys (issue 36): a person adds a passkey in Profile, signs out, signs in with it
 * from Sign In without typing anything, and removes it. Chromium's virtual authenticator
 * (CDP's WebAuthn domain) stands in for the phone or laptop: a platform authenticator
 * with discoverable credentials that verifies its user at once.
 */
const PASSWORD = 'passkey-test-123';

async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test.describe('Passkeys (issue 36)', () => {
  test('add a passkey in Profile, sign out, sign in with it, then remove it', async ({ page, browser }) => {
    test.slow();
    const tag = uniqueTag();
    await signInAs(page, 'hq');
    const email = `passkey.${tag}@example.com`;
    const [restaurant] = (await (await page.request.get('/api/restaurants/options')).json()) as { id: string }[];
    await created(
      await page.request.post('/api/users', {
        data: {
          name: `Pia Passkey ${tag}`,
          email,
          password: PASSWORD,
          role: 'staff',
          selectedRestaurants: [restaurant?.id],
        },
      }),
    );

    const context = await browser.newContext();
    const person = await context.newPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(person);
    await person.goto('/profile');
    await fillSignIn(person, email, PASSWORD);
    await expect(person.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();

    const section = person.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
    // Unnamed: the form says so, and nothing is asked of the authenticator.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByText('Name the passkey, such as "Work laptop"')).toBeVisible();
    await section.getByLabel('Passkey name').fill('Test laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const list = section.getByRole('list', { name: 'My passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Test laptop')).toBeVisible();
    await expect(list.getByText('Not used yet')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect(await seriousViolations(person)).toEqual([]);

    // Renamed in its dialog.
    await list.getByRole('button', { name: 'Rename Test laptop' }).click();
    const dialog = person.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Passkey name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(list.getByText('Work laptop')).toBeVisible();

    await person.getByRole('button', { name: 'Sign Out' }).click();
    await expect(person.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    // The rename's toast outlives the page; axe would read its colours mid-fade.
    await expect(person.getByText('Passkey renamed')).toHaveCount(0);
    expect(await seriousViolations(person)).toEqual([]);

    // No email, no password: the browser offers the passkey for this site.
    await person.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(person.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
    await expect(person.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    expect((await (await person.request.get('/api/me')).json()).email).toBe(email);

    // On a phone: the list and its buttons fit, and the passkey shows it was used.
    await person.setViewportSize({ width: 390, height: 844 });
    await person.goto('/profile');
    const item = person.getByRole('list', { name: 'My passkeys' }).getByRole('listitem');
    await expect(item.getByText(/Last used/)).toBeVisible();
    expect(await seriousViolations(person)).toEqual([]);

    // Removed after a confirmation; Cancel first keeps it.
    await item.getByRole('button', { name: 'Remove Work laptop' }).click();
    await person.getByRole('dialog', { name: 'Remove passkey' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Remove Work laptop' }).click();
    await person.getByRole('dialog', { name: 'Remove passkey' }).getByRole('button', { name: 'Remove' }).click();
    await expect(person.getByText('You have no passkeys yet.')).toBeVisible();

    // The authenticator still holds it, but it signs in no more.
    await person.setViewportSize({ width: 1280, height: 800 });
    await person.getByRole('button', { name: 'Sign Out' }).click();
    await expect(person.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await person.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      person.getByText('This passkey could not sign you in. Try again, or sign in with your password.'),
    ).toBeVisible();
    await expect(person.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await context.close();
  });
});
