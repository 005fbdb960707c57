import { expect, fillSignIn, test } from './fixtures';

// Lena is used by this file alone: it changes her name and password.
const lena = 'lena.wouters@example.com';

test('a person updates their profile, meets the validation messages first, and signs in with the new password', async ({
  page,
}) => {
  await page.goto('/profile');
  await fillSignIn(page, lena);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Password', { exact: true });
  await expect(name).toHaveValue('Lena Wouters');

  await name.fill('');
  await email.fill('lena@');
  await password.fill('123');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await name.fill('Lena W.');
  await email.fill('staff@example.com');
  await password.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // One message, under Email only, gone once the email changes.
  await expect(page.getByText('User with this email already exists')).toHaveCount(1);
  await expect(email).toHaveAccessibleDescription('User with this email already exists');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(name).toHaveValue('Lena W.');

  await email.fill(lena);
  await expect(page.getByText('User with this email already exists')).toHaveCount(0);
  await password.fill('new-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await fillSignIn(page, lena, 'demo1234');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('new-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard-staff');
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Lena W.');
});

test('a manager with no active restaurant is told so, not asked to select one', async ({ page }) => {
  const notice = 'You are not assigned to an active restaurant. Ask head office to add you to one.';
  await page.goto('/staff-management');
  await fillSignIn(page, 'klaus.becker@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.getByText(/Please select a restaurant/)).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.goto('/audits-management');
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.getByText(/Please select a restaurant/)).toHaveCount(0);
  await page.goto('/dashboard-manager');
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.getByText(/Please select a restaurant/)).toHaveCount(0);
});
