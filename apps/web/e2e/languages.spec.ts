import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { created, expect, signInAs, test, uniqueTag } from './fixtures';

/**
 * Issue 22: Brigade in Dutch and French. The texts below are the catalogues' own words
 * (apps/web/src/locales, packages/core/src/locales): a screen still in English fails here.
 */
const AMSTERDAM = 'Brigade Amsterdam Centraal';
const PASSWORD = 'taal-test-123';

/** A person of Amsterdam with a password the test knows, made by hq. */
async function createPerson(request: APIRequestContext, role: 'staff' | 'manager', name: string) {
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const amsterdam = restaurants.find((restaurant) => restaurant.name === AMSTERDAM);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const person = await created(
    await request.post('/api/users', {
      data: { name, email, password: PASSWORD, role, selectedRestaurants: [amsterdam?.id] },
    }),
  );
  return { ...person, email };
}

test.describe('Languages (issue 22)', () => {
  test('a Dutch-speaking staff member signs in, sees the dashboard, takes a quiz and gets the result in Dutch', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const tag = uniqueTag();
    await signInAs(page, 'hq');
    const quiz = await created(
      await page.request.post('/api/quizzes', {
        data: {
          title: `Dienblad quiz ${tag}`,
          questions: [
            {
              text: 'Waar gaan schone dienbladen heen?',
              options: [{ text: 'Bovenin' }, { text: 'Op de vloer' }],
              correctIndex: 0,
            },
          ],
        },
      }),
    );
    const categories = (await (await page.request.get('/api/training-categories')).json()) as { id: string }[];
    const training = await created(
      await page.request.post('/api/trainings', {
        data: {
          title: `Dienbladen ${tag}`,
          description: 'Schoon en veilig.',
          categoryIds: [categories[0]?.id],
          quizId: quiz.id,
          videos: [],
        },
      }),
    );
    const sanne = await createPerson(page.request, 'staff', `Sanne ${tag}`);
    await created(
      await page.request.post('/api/training-assignments', {
        data: { trainingIds: [training.id], staffIds: [sanne.id] },
      }),
    );

    // A browser set to Dutch, and no choice on Profile yet: Sign In is in Dutch.
    const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
    const staff = await context.newPage();
    await staff.goto('/');
    await expect(staff.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(staff.locator('html')).toHaveAttribute('lang', 'nl');
    await staff.getByLabel('E-mailadres').fill(sanne.email);
    await staff.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await staff.getByRole('button', { name: 'Inloggen', exact: true }).click();

    // The dashboard, the navigation and the browser tab are in Dutch.
    await expect(staff.getByRole('heading', { level: 1, name: 'Mijn dashboard' })).toBeVisible();
    await expect(staff).toHaveTitle('Mijn dashboard · Brigade');
    await expect(staff.getByRole('link', { name: 'Mijn trainingen' }).first()).toBeVisible();

    // The training, its quiz and the result.
    await staff.goto(`/trainings/${training.id}`);
    await staff.getByRole('link', { name: 'Quiz maken' }).click();
    await staff.getByRole('radio', { name: 'Bovenin' }).check();
    await staff.getByRole('button', { name: 'Quiz versturen' }).click();
    await expect(staff.getByRole('heading', { name: 'Gefeliciteerd!' })).toBeVisible();
    await expect(staff.getByText('Je hebt 1 van de 1 vraag goed beantwoord.')).toBeVisible();

    // The server's own words follow too: the assignment's notification, written in Dutch.
    await staff.goto('/notifications');
    await expect(staff.getByText(`Nieuwe training: Dienbladen ${tag}`)).toBeVisible();
    await expect(staff.getByText('Geen einddatum')).toBeVisible();
    await context.close();
  });

  test('hq in Dutch reads how often each audit is due in Dutch (issue 31)', async ({ page, browser, baseURL }) => {
    await signInAs(page, 'hq');
    // hq's session in a browser set to Dutch: the demo account follows its browser.
    const context = await browser.newContext({ baseURL, locale: 'nl-NL' });
    await context.addCookies(await page.context().cookies());
    const dutch = await context.newPage();
    await dutch.goto('/audit-schedules');
    const main = dutch.getByRole('main');
    await expect(main.getByText('Om de 2 weken').first()).toBeVisible();
    await expect(main.getByText('Maandelijks').first()).toBeVisible();
    await expect(main.getByText(/^(Weekly|Every 2 weeks|Monthly|Quarterly)$/)).toHaveCount(0);
    await context.close();
  });

  test('a manager switches to French on Profile: it takes effect at once, stays after a reload, and validation speaks French', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const tag = uniqueTag();
    await signInAs(page, 'hq');
    const manager = await createPerson(page.request, 'manager', `Camille ${tag}`);

    const context = await browser.newContext({ baseURL });
    const own = await context.newPage();
    await own.goto('/profile');
    await own.getByLabel('Email').fill(manager.email);
    await own.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await own.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(own.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();

    // No Save: the choice applies as it is made.
    await own.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(own.getByRole('heading', { level: 1, name: 'Mettre à jour le profil' })).toBeVisible();
    await expect(own.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    await expect(own.locator('html')).toHaveAttribute('lang', 'fr');
    await own.reload();
    await expect(own.getByRole('heading', { level: 1, name: 'Mettre à jour le profil' })).toBeVisible();

    // The form's own checks, in French.
    await own.getByRole('textbox', { name: 'Nom', exact: true }).fill('');
    await own.getByRole('textbox', { name: 'E-mail' }).fill('camille@');
    await own.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(own.getByText('Le nom est obligatoire')).toBeVisible();
    await expect(own.getByText("Format d'e-mail invalide")).toBeVisible();

    // A file the browser downloads itself is in French too: Staff Management's CSV.
    await own.goto('/staff-management');
    const [download] = await Promise.all([
      own.waitForEvent('download'),
      own.getByRole('link', { name: 'Exporter en CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path())).toString('utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'Nom,E-mail,Rôle,Statut,Restaurants,Formations terminées,Formations attribuées',
    );

    // And back to the browser's language (English here), at once.
    await own.goto('/profile');
    await own.getByRole('combobox', { name: 'Langue' }).selectOption('');
    await expect(own.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
    await context.close();
  });
});
