import { expect, seriousViolations, signInAs, test } from './fixtures';

/** Other files run at the same time on the same database: every restaurant made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

test.describe('Restaurants (hq)', () => {
  test('hq adds a restaurant after meeting the validation messages, toggles it, edits it and deletes it', async ({
    page,
  }) => {
    const name = uniqueName('Brigade Haarlem');
    await signInAs(page, 'hq', '/restaurants-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Restaurant' }).click();
    const form = page.getByRole('dialog', { name: 'Add Restaurant' });
    await form.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Name is required', 'City is required', 'Country is required', 'Address is required']) {
      await expect(form.getByText(message)).toBeVisible();
    }

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('Grote Markt 1, 2011 RD Haarlem');
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Haarlem');
    await form.getByRole('textbox', { name: 'Country', exact: true }).fill('Netherlands');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('haarlem@');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Invalid email format')).toBeVisible();
    await expect(form.getByText('Name is required')).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('haarlem@example.com');
    await form.getByRole('textbox', { name: 'POS ID', exact: true }).fill('BRG-POS-0099');
    await form.getByRole('textbox', { name: 'Google place ID', exact: true }).fill('ChIJ-haarlem');
    await form.getByRole('textbox', { name: 'Deliveroo ID', exact: true }).fill('brigade-haarlem');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Restaurant created')).toBeVisible();
    await expect(form).toHaveCount(0);

    // It appears with the badges of the filled ids only, and starts active. The search
    // result (its one row) is waited for before anything is pressed: the unfiltered list
    // shows the same row, and a change made while the search is still loading could be
    // overtaken by that older answer.
    await page.getByLabel('Search restaurants').fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit / }) })).toHaveCount(1);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Grote Markt 1, 2011 RD Haarlem');
    await expect(row).toContainText('Haarlem, Netherlands');
    await expect(row).toContainText('haarlem@example.com');
    await expect(row).toContainText('BRG-POS-0099');
    await expect(row.getByText('Google', { exact: true })).toBeVisible();
    await expect(row.getByText('Deliveroo', { exact: true })).toBeVisible();
    await expect(row.getByText('Uber Eats', { exact: true })).toHaveCount(0);
    await expect(row.getByText('Takeaway', { exact: true })).toHaveCount(0);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // The power button flips it to Inactive and back.
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(page.getByText('Restaurant deactivated')).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(page.getByText('Restaurant activated')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // Edit starts from the saved values.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editForm = page.getByRole('dialog', { name: 'Edit Restaurant' });
    await expect(editForm.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(editForm.getByRole('textbox', { name: 'Deliveroo ID', exact: true })).toHaveValue('brigade-haarlem');
    await editForm.getByRole('textbox', { name: 'City', exact: true }).fill('Haarlem-Centrum');
    await editForm.getByRole('textbox', { name: 'Deliveroo ID', exact: true }).fill('');
    await editForm.getByRole('textbox', { name: 'Uber Eats ID', exact: true }).fill('brigade-haarlem');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Restaurant updated')).toBeVisible();
    await expect(row).toContainText('Haarlem-Centrum, Netherlands');
    await expect(row.getByText('Uber Eats', { exact: true })).toBeVisible();
    await expect(row.getByText('Deliveroo', { exact: true })).toHaveCount(0);

    // Delete asks first, naming the restaurant.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete restaurant' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Restaurant deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No restaurants found')).toBeVisible();
  });

  test('a status changed while a search is still loading is not overtaken by that older answer', async ({ page }) => {
    const name = uniqueName('Brigade Alkmaar');
    await signInAs(page, 'hq', '/restaurants-management');
    const made = await page.request.post('/api/restaurants', {
      data: { name, address: 'Waagplein 2, 1811 JP Alkmaar', city: 'Alkmaar', country: 'Netherlands' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // The search is answered by the server at once (before the change) but reaches the page
    // only when released, after the change: the slow answer of a busy server.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered: () => void = () => {};
    const searchAnswered = new Promise<void>((resolve) => {
      answered = resolve;
    });
    let held = false;
    await page.route(/\/api\/restaurants\?.*search=/, async (route) => {
      if (held) return route.continue();
      held = true;
      const response = await route.fetch();
      answered();
      await released;
      // The page may have given up on it meanwhile, as it should.
      await route.fulfill({ response }).catch(() => {});
    });
    await page.getByLabel('Search restaurants').fill(name);
    await searchAnswered;
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(page.getByText('Restaurant deactivated')).toBeVisible();
    release();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
  });

  test('a restaurant with history cannot be deleted: the refusal shows and it stays', async ({ page }) => {
    const amsterdam = 'Brigade Amsterdam Centraal';
    await signInAs(page, 'hq', '/restaurants-management');
    const row = page.getByRole('row').filter({ hasText: amsterdam });
    await row.getByRole('button', { name: `Delete ${amsterdam}` }).click();
    await page.getByRole('dialog', { name: 'Delete restaurant' }).getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        'This restaurant has audits, staff or training history, so it cannot be deleted. Deactivate it instead.',
      ),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: amsterdam })).toHaveCount(1);
  });

  test('the search runs on the server over name, city, email and POS ID', async ({ page }) => {
    await signInAs(page, 'hq', '/restaurants-management');
    const search = page.getByLabel('Search restaurants');
    const utrecht = page.getByRole('row').filter({ hasText: 'Brigade Utrecht Neude' });
    // Utrecht is listed before the search, so its absence is the search result arriving.
    await expect(utrecht).toHaveCount(1);
    await search.fill('BRG-POS-0003');
    await expect(utrecht).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'Brigade Rotterdam Markthal' })).toHaveCount(1);
    await search.fill('Germany');
    await expect(page.getByRole('row').filter({ hasText: 'Brigade Berlin Kreuzberg' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Brigade Berlin Kreuzberg' })).toContainText('Inactive');
    await search.fill('no such restaurant anywhere');
    await expect(page.getByText('No restaurants found')).toBeVisible();
  });

  test('the list and the form have no serious accessibility violations', async ({ page }) => {
    await signInAs(page, 'hq', '/restaurants-management');
    await expect(page.getByRole('row').filter({ hasText: 'Brigade Utrecht Neude' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Restaurant' }).click();
    const form = page.getByRole('dialog', { name: 'Add Restaurant' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('each restaurant is a card with the same actions, and nothing scrolls sideways', async ({ page }) => {
      const utrecht = 'Brigade Utrecht Neude';
      await signInAs(page, 'hq', '/restaurants-management');
      const card = page.getByRole('listitem').filter({ hasText: utrecht });
      await expect(card).toBeVisible();
      await expect(card.getByText('Takeaway', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: `Edit ${utrecht}` })).toBeVisible();
      await expect(card.getByRole('button', { name: `Delete ${utrecht}` })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
