import type { Browser, Page } from '@playwright/test';
import { expect, fillSignIn, managerRestaurants, seriousViolations, signInAs, test } from './fixtures';

const ROTTERDAM = 'Brigade Rotterdam Markthal';
const ANTWERP = 'Brigade Antwerpen Meir';
const UTRECHT = 'Brigade Utrecht Neude';
const AMSTERDAM = 'Brigade Amsterdam Centraal';

interface RestaurantRef {
  id: string;
  name: string;
}

/** Other files run at the same time on the same database: every person made here is new. */
function newPerson(first: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { name: `${first} ${stamp}`, email: `${first.toLowerCase()}.${stamp}@example.com`, password: 'brigade-e2e' };
}

/** Picks an option of a Select or MultiSelect the way a person does, then closes its list. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** The rows of people (the header row has no Edit button). */
function peopleRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit / }) });
}

test.describe('Staff Management, hq', () => {
  test('the form asks for what a new person needs, and a taken email is refused on the field', async ({ page }) => {
    await signInAs(page, 'hq', '/staff-management');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const form = page.getByRole('region', { name: 'Add Staff Member' });
    await form.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Password is required for new staff',
      'At least one restaurant must be selected',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Duplicate Person');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('staff@example.com');
    await form.getByLabel(/^Password/).fill('12345');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await form.getByLabel(/^Password/).fill('123456');
    await choose(page, 'Restaurants', ROTTERDAM);
    await form.getByRole('button', { name: 'Save' }).click();
    // The server's sentence once, under the email field; no box repeats it. It goes once the email changes.
    await expect(form.getByText('User with this email already exists')).toHaveCount(1);
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(
      'User with this email already exists',
    );
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('someone.new@example.com');
    await expect(form.getByText('User with this email already exists')).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
  });

  test('hq creates a manager of two restaurants and a staff member; the manager works in the selected restaurant only and deactivates someone who then cannot sign in', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const manager = newPerson('Manon');
    const staff = newPerson('Stijn');
    const added = newPerson('Amira');

    await test.step('hq creates the manager with two restaurants', async () => {
      await signInAs(page, 'hq', '/staff-management');
      await page.getByRole('button', { name: 'Add Staff' }).click();
      const form = page.getByRole('region', { name: 'Add Staff Member' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(manager.name);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(manager.email);
      await choose(page, 'Role', 'Manager');
      await form.getByLabel(/^Password/).fill(manager.password);
      await choose(page, 'Restaurants', ROTTERDAM);
      await choose(page, 'Restaurants', ANTWERP);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Staff member added')).toBeVisible();
      await expect(form).toHaveCount(0);

      await page.getByLabel('Search staff').fill(manager.email);
      const row = rowOf(page, manager.email);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Manager');
      await expect(row.getByText(ROTTERDAM)).toBeVisible();
      await expect(row.getByText(ANTWERP)).toBeVisible();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await expect(row).toContainText('0/0');
    });

    await test.step('hq adds a staff member in Rotterdam', async () => {
      await page.getByRole('button', { name: 'Add Staff' }).click();
      const form = page.getByRole('region', { name: 'Add Staff Member' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(staff.name);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(staff.email);
      await expect(form.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Staff');
      await form.getByLabel(/^Password/).fill(staff.password);
      await choose(page, 'Restaurants', ROTTERDAM);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Staff member added')).toBeVisible();
      await page.getByLabel('Search staff').fill(staff.email);
      await expect(rowOf(page, staff.email)).toContainText('Staff');
    });

    const managerContext = await browser.newContext({ baseURL });
    const managerPage = await managerContext.newPage();

    await test.step('the manager sees the staff of the selected restaurant only', async () => {
      await managerPage.goto('/staff-management');
      await fillSignIn(managerPage, manager.email, manager.password);
      await expect(managerPage.getByRole('heading', { level: 1, name: 'Staff Management' })).toBeVisible();
      const pills = managerPage.getByRole('radiogroup', { name: 'Restaurant' }).getByRole('radio');
      await expect(pills).toHaveCount(2);
      await expect(managerPage.getByRole('radio', { name: ANTWERP })).toBeChecked();
      await expect(rowOf(managerPage, 'Ruben Claes')).toHaveCount(1);
      await expect(rowOf(managerPage, 'Jesse Vermeulen')).toHaveCount(0);
      await expect(rowOf(managerPage, staff.email)).toHaveCount(0);
      // Managers are not on a manager's staff list, not even the manager themself.
      await expect(rowOf(managerPage, 'Lotte Peeters')).toHaveCount(0);
      await expect(rowOf(managerPage, manager.email)).toHaveCount(0);

      await managerPage.getByRole('radiogroup', { name: 'Restaurant' }).getByText(ROTTERDAM).click();
      await expect(managerPage.getByRole('radio', { name: ROTTERDAM })).toBeChecked();
      await expect(rowOf(managerPage, 'Jesse Vermeulen')).toHaveCount(1);
      await expect(rowOf(managerPage, staff.email)).toHaveCount(1);
      await expect(rowOf(managerPage, 'Ruben Claes')).toHaveCount(0);
    });

    await test.step('the manager adds a staff member: no role or restaurant to choose', async () => {
      await managerPage.getByRole('button', { name: 'Add Staff' }).click();
      const form = managerPage.getByRole('region', { name: 'Add Staff Member' });
      await expect(form.getByRole('combobox', { name: 'Role', exact: true })).toHaveCount(0);
      await expect(form.getByRole('combobox', { name: 'Restaurants', exact: true })).toHaveCount(0);
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(added.name);
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(added.email);
      await form.getByLabel(/^Password/).fill(added.password);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(managerPage.getByText('Staff member added')).toBeVisible();
      const row = rowOf(managerPage, added.email);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Staff');
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
    });

    await test.step('the manager deactivates them', async () => {
      const row = rowOf(managerPage, added.email);
      await row.getByRole('button', { name: `Deactivate ${added.name}` }).click();
      await expect(managerPage.getByText(`${added.name} deactivated`)).toBeVisible();
      await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Activate ${added.name}` })).toBeVisible();
    });
    await managerContext.close();

    await test.step('the deactivated person cannot sign in', async () => {
      const staffContext = await browser.newContext({ baseURL });
      const staffPage = await staffContext.newPage();
      await staffPage.goto('/');
      await fillSignIn(staffPage, added.email, added.password);
      await expect(staffPage.getByRole('alert')).toHaveText(
        'This account has been deactivated. Ask head office to reactivate it.',
      );
      await staffContext.close();
    });

    await test.step('hq sees the new person in Rotterdam', async () => {
      await page.getByLabel('Search staff').fill(added.email);
      const row = rowOf(page, added.email);
      await expect(row.getByText(ROTTERDAM)).toBeVisible();
      await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    });
  });

  test('hq edits a person inline, keeping the password when left blank, then deletes them after the confirmation', async ({
    page,
    browser,
    baseURL,
  }) => {
    const person = newPerson('Bram');
    await signInAs(page, 'hq', '/staff-management');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const addForm = page.getByRole('region', { name: 'Add Staff Member' });
    await addForm.getByRole('textbox', { name: 'Name', exact: true }).fill(person.name);
    await addForm.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await addForm.getByLabel(/^Password/).fill(person.password);
    await choose(page, 'Restaurants', ANTWERP);
    await addForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Staff member added')).toBeVisible();

    await page.getByLabel('Search staff').fill(person.email);
    const row = rowOf(page, person.email);
    // The search result, not the same person on the first page of everyone: a change made
    // while the search is still loading could be overtaken by that older answer.
    await expect(peopleRows(page)).toHaveCount(1);
    await row.getByRole('button', { name: `Edit ${person.name}` }).click();
    const editForm = page.getByRole('region', { name: `Edit ${person.name}` });
    await expect(editForm.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(person.name);
    await expect(editForm.getByText('Leave blank to keep the current password')).toBeVisible();
    const renamed = `${person.name} Jr`;
    await editForm.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
    await choose(page, 'Restaurants', ROTTERDAM);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Staff member updated')).toBeVisible();
    await expect(editForm).toHaveCount(0);
    await expect(row).toContainText(renamed);
    await expect(row.getByText(ROTTERDAM)).toBeVisible();
    await expect(row.getByText(ANTWERP)).toBeVisible();

    // The blank password kept the old one.
    const context = await browser.newContext({ baseURL });
    const personPage = await context.newPage();
    await personPage.goto('/');
    await fillSignIn(personPage, person.email, person.password);
    await expect(personPage).toHaveURL('/dashboard-staff');
    await context.close();

    await row.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${renamed}` });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this staff member? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Staff member deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No staff members found')).toBeVisible();
  });

  test('hq search finds people by restaurant name, and the filter narrows to one restaurant', async ({ page }) => {
    // Each step waits for a state only its own result has (the list before it always holds
    // someone it excludes), never for "a row": until the new page arrives the old one shows.
    await signInAs(page, 'hq', '/staff-management');
    const people = peopleRows(page);
    await expect(people.filter({ hasNotText: UTRECHT }).first()).toBeVisible();
    await page.getByLabel('Search staff').fill('Utrecht Neude');
    await expect(people.filter({ hasNotText: UTRECHT })).toHaveCount(0);
    await expect(rowOf(page, 'Milan Smit')).toHaveCount(1);
    await expect(rowOf(page, 'Eva Mulder')).toHaveCount(1);

    await page.getByLabel('Search staff').fill('');
    await expect(people.filter({ hasNotText: UTRECHT }).first()).toBeVisible();
    await choose(page, 'Restaurant', ROTTERDAM);
    await expect(people.filter({ hasNotText: ROTTERDAM })).toHaveCount(0);
    await expect(rowOf(page, 'Jesse Vermeulen')).toHaveCount(1);
    await expect(rowOf(page, 'Milan Smit')).toHaveCount(0);
    // All restaurants again: people of other restaurants are back (who is on the first
    // page depends on how many people other tests have added).
    await choose(page, 'Restaurant', 'All restaurants');
    await expect(people.filter({ hasNotText: ROTTERDAM }).first()).toBeVisible();
  });

  test("hq's own row does not offer Deactivate or Delete, and says why on hover and keyboard focus", async ({
    page,
  }) => {
    await signInAs(page, 'hq', '/staff-management');
    await page.getByLabel('Search staff').fill('hq@example.com');
    await expect(peopleRows(page)).toHaveCount(1);
    const row = rowOf(page, 'hq@example.com');
    const deactivate = row.getByRole('button', { name: 'Deactivate Hannah Quist' });
    const remove = row.getByRole('button', { name: 'Delete Hannah Quist' });
    await expect(deactivate).toHaveAttribute('aria-disabled', 'true');
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    // Reached with the keyboard, each says why.
    await row.getByRole('button', { name: 'Edit Hannah Quist' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(deactivate).toBeFocused();
    await expect(deactivate).toHaveAccessibleDescription('You cannot deactivate or delete your own account.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(remove).toBeFocused();
    await expect(remove).toHaveAccessibleDescription('You cannot deactivate or delete your own account.');
    // Pressed anyway, nothing is sent and nothing fails.
    await page.keyboard.press('Enter');
    await deactivate.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Failed to update staff status')).toHaveCount(0);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    // Someone else's row offers both.
    await page.getByLabel('Search staff').fill('Milan Smit');
    await expect(rowOf(page, 'Milan Smit').getByRole('button', { name: 'Delete Milan Smit' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  test('the hq list and form have no serious accessibility violations', async ({ page }) => {
    await signInAs(page, 'hq', '/staff-management');
    // Searched: other tests add people, so Milan need not be on the first page of everyone.
    await page.getByLabel('Search staff').fill('Milan Smit');
    await expect(rowOf(page, 'Milan Smit')).toBeVisible();
    await expect(peopleRows(page)).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await page.getByRole('region', { name: 'Add Staff Member' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password is required for new staff')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('Staff Management, manager', () => {
  test("the demo manager's list follows the selected pill and has no serious accessibility violations", async ({
    page,
  }) => {
    const [amsterdam = '', utrecht = ''] = managerRestaurants;
    // Searched by name: other tests add people to these restaurants, so a given person
    // need not be on the first page. Another pill is another list, with an empty search.
    const search = page.getByLabel('Search staff');
    await signInAs(page, 'manager', '/staff-management');
    await expect(page.getByText(`Staff of ${amsterdam}`)).toBeVisible();
    await search.fill('Sam Bakker');
    await expect(rowOf(page, 'Sam Bakker')).toContainText(/\d+\/\d+/);
    expect(await seriousViolations(page)).toEqual([]);
    await search.fill('Milan Smit');
    await expect(page.getByText('No staff members found')).toBeVisible();

    await page.getByRole('radiogroup', { name: 'Restaurant' }).getByText(utrecht).click();
    await expect(page.getByText(`Staff of ${utrecht}`)).toBeVisible();
    await expect(search).toHaveValue('');
    await search.fill('Milan Smit');
    await expect(rowOf(page, 'Milan Smit')).toHaveCount(1);
    await search.fill('Sam Bakker');
    await expect(page.getByText('No staff members found')).toBeVisible();
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await expect(page.getByRole('region', { name: 'Add Staff Member' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('each person is a card with the same actions, and nothing scrolls sideways', async ({ page }) => {
      await signInAs(page, 'manager', '/staff-management');
      // Searched: other tests add people, so Sam need not be on the first page.
      await page.getByLabel('Search staff').fill('Sam Bakker');
      const card = page.getByRole('listitem').filter({ hasText: 'Sam Bakker' });
      await expect(card).toBeVisible();
      await expect(card.getByRole('button', { name: 'Edit Sam Bakker' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Deactivate Sam Bakker' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

/** A staff member of Amsterdam (the demo manager's) who also works in Rotterdam (not theirs), made by hq through the API. */
async function createSharedStaff(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const hqPage = await context.newPage();
  await signInAs(hqPage, 'hq');
  const options = (await (await hqPage.request.get('/api/restaurants/options')).json()) as RestaurantRef[];
  const idOf = (name: string) => options.find((restaurant) => restaurant.name === name)?.id;
  const person = newPerson('Sanne');
  const response = await hqPage.request.post('/api/users', {
    data: { ...person, role: 'staff', selectedRestaurants: [idOf(AMSTERDAM), idOf(ROTTERDAM)] },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  /** Where the person works now, as hq reads it. */
  const restaurantsOfPerson = async () => {
    const page = (await (await hqPage.request.get(`/api/users?search=${encodeURIComponent(person.email)}`)).json()) as {
      items: { id: string; restaurants: RestaurantRef[] }[];
    };
    return (page.items.find((item) => item.id === id)?.restaurants ?? []).map((restaurant) => restaurant.name).sort();
  };
  return { ...person, id, restaurantsOfPerson, close: () => context.close() };
}

test.describe('Staff Management, manager and a person shared with another restaurant', () => {
  test('the manager saves the shared person from the form; their other restaurant stays', async ({
    page,
    browser,
    baseURL,
  }) => {
    const shared = await createSharedStaff(browser, baseURL);
    await signInAs(page, 'manager', '/staff-management');
    await expect(page.getByText(`Staff of ${AMSTERDAM}`)).toBeVisible();
    await page.getByLabel('Search staff').fill(shared.email);
    await expect(peopleRows(page)).toHaveCount(1);
    await rowOf(page, shared.email)
      .getByRole('button', { name: `Edit ${shared.name}` })
      .click();
    const form = page.getByRole('region', { name: `Edit ${shared.name}` });
    // Their account is head office's: shown, read-only, with the reason.
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(shared.name);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('readonly', '');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^Password/)).toHaveAttribute('readonly', '');
    await expect(form).toContainText(
      `This person also works at restaurants you do not manage. Ask head office to change their account. (Also at ${ROTTERDAM}.)`,
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Staff member updated')).toBeVisible();
    await expect(form).toHaveCount(0);
    expect(await shared.restaurantsOfPerson()).toEqual([AMSTERDAM, ROTTERDAM]);

    // Their status is head office's too: the row does not offer Deactivate or Delete, and says why.
    const row = rowOf(page, shared.email);
    for (const action of ['Deactivate', 'Delete']) {
      const button = row.getByRole('button', { name: `${action} ${shared.name}` });
      await expect(button).toHaveAttribute('aria-disabled', 'true');
      await button.hover();
      await expect(button).toHaveAccessibleDescription(
        'This person also works at restaurants you do not manage. Ask head office to change their account.',
      );
    }
    await shared.close();
  });
});
