import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fillSignIn, seriousViolations, signInAs, test } from './fixtures';

/** Other files run at the same time on the same database: every title made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

/** A real video of 2.8 KB: the server checks the content's signature, not the name or type. */
const tinyVideo = {
  name: 'clip.mp4',
  mimeType: 'video/mp4',
  buffer: fs.readFileSync(path.resolve(import.meta.dirname, '../../server/test/fixtures/tiny.mp4')),
};

/** Picks a chip of a chip group by its label (the checkbox itself is drawn as the chip). */
async function toggleChip(page: Page, group: string, name: string) {
  await page.getByRole('group', { name: group }).getByText(name, { exact: true }).click();
}

/** An active staff member of Amsterdam, made as hq through the API. */
async function createStaff(page: Page, name: string) {
  const restaurants = (await (await page.request.get('/api/restaurants/options')).json()) as {
    id: string;
    name: string;
  }[];
  const amsterdam = restaurants.find((restaurant) => restaurant.name === 'Brigade Amsterdam Centraal');
  const person = {
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    password: 'learn-123',
  };
  const response = await page.request.post('/api/users', {
    data: { ...person, role: 'staff', selectedRestaurants: [amsterdam?.id] },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return person;
}

async function uploadThroughChooser(page: Page, file: typeof tinyVideo) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload video' }).click();
  await (await chooser).setFiles(file);
}

/** hq makes a two-question quiz through the form; the first option of each question is correct. */
async function createQuiz(page: Page, title: string) {
  await page.goto('/quiz-management/add');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Question 1', exact: true })
    .fill('Which temperature is safe for a cooked patty?');
  await page.getByRole('textbox', { name: 'Option 1 of question 1' }).fill('75 °C core');
  await page.getByRole('textbox', { name: 'Option 2 of question 1' }).fill('50 °C core');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.getByRole('textbox', { name: 'Question 2', exact: true }).fill('When do you wash your hands?');
  await page.getByRole('textbox', { name: 'Option 1 of question 2' }).fill('Before every shift and task change');
  await page.getByRole('textbox', { name: 'Option 2 of question 2' }).fill('Only when they look dirty');
  await page.getByRole('button', { name: 'Save Quiz' }).click();
  await expect(page).toHaveURL('/quiz-management');
}

test.describe('Trainings', () => {
  test('hq builds a training with categories, a URL, an uploaded file and a quiz; staff plays it and passes the quiz', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The longest flow of the suite (two people, an upload, a quiz): a slow CI machine took over 120 s.
    test.setTimeout(180_000);
    const quizTitle = uniqueName('Kitchen Check');
    const title = uniqueName('Closing the Kitchen');
    const category = uniqueName('Closing');

    await signInAs(page, 'hq', '/trainings');
    await createQuiz(page, quizTitle);

    // The form says what is missing before anything is sent.
    await page.goto('/trainings');
    await page.getByRole('link', { name: 'Add Training' }).click();
    await expect(page).toHaveURL('/trainings/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Training' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Video 1 URL' }).fill('   ');
    await page.getByRole('button', { name: 'Save Training' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('At least one category must be selected')).toBeVisible();
    await expect(page.getByText('All video URLs must be filled')).toBeVisible();

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Shutting down the grill.\nCleaning the fryers.');
    // A new category is added inline and selected at once; an existing one is picked too.
    await page.getByRole('textbox', { name: 'New category' }).fill(category);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByRole('checkbox', { name: category })).toBeChecked();
    await toggleChip(page, 'Categories', 'Hygiene');
    await expect(page.getByRole('checkbox', { name: 'Hygiene' })).toBeChecked();
    await page.getByRole('textbox', { name: 'New category' }).fill(category);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('A category with this name already exists')).toBeVisible();
    await page.getByRole('textbox', { name: 'New category' }).fill('');

    await page.getByRole('textbox', { name: 'Video 1 URL' }).fill('https://videos.example.com/closing.mp4');
    // A file that is not a video is refused with the server's reason and leaves no row.
    await uploadThroughChooser(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: 'Only video files can be uploaded.' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Video 2 URL' })).toHaveCount(0);
    await uploadThroughChooser(page, tinyVideo);
    await expect(page.getByRole('textbox', { name: 'Video 2 file' })).toHaveValue('clip.mp4');
    // A blank row is dropped on save.
    await page.getByRole('button', { name: 'Add Video URL' }).click();
    await expect(page.getByRole('textbox', { name: 'Video 3 URL' })).toBeFocused();

    await page.getByRole('combobox', { name: 'Quiz' }).click();
    await page.getByRole('option', { name: quizTitle }).click();
    await page.getByRole('button', { name: 'Save Training' }).click();
    await expect(page.getByText('Training created')).toBeVisible();
    await expect(page).toHaveURL('/trainings');

    await page.getByLabel('Search trainings').fill(title);
    const card = page.locator('.mantine-Card-root').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('2 videos');
    await expect(card.getByText('Quiz', { exact: true })).toBeVisible();
    await expect(card.getByText(category)).toBeVisible();
    await expect(card.getByText('Hygiene')).toBeVisible();

    // Editing starts from what was saved; the uploaded file moves to the front.
    await card.getByRole('link', { name: `Edit Training ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Training' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Video 1 URL' })).toHaveValue(
      'https://videos.example.com/closing.mp4',
    );
    await expect(page.getByRole('textbox', { name: 'Video 2 file' })).toHaveValue('clip.mp4');
    await expect(page.getByRole('textbox', { name: 'Video 3 URL' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Move video 2 up' }).click();
    await expect(page.getByRole('textbox', { name: 'Video 1 file' })).toHaveValue('clip.mp4');
    await expect(page.getByRole('button', { name: 'Move video 1 up' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save Training' }).click();
    await expect(page.getByText('Training updated')).toBeVisible();

    // Staff opens it from the list, moves through the playlist and takes the quiz. A person
    // of this test's own, so the failed attempts counted below are this test's alone.
    const learner = await createStaff(page, uniqueName('Tess Visser'));
    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await staff.goto('/trainings');
    await fillSignIn(staff, learner.email, learner.password);
    await expect(staff.getByRole('heading', { level: 1, name: 'Trainings' })).toBeVisible();
    await staff.getByLabel('Search trainings').fill(title);
    await staff.getByRole('link', { name: title, exact: true }).click();
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Video 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(staff.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await staff.getByRole('button', { name: 'Next' }).click();
    await expect(staff.getByRole('button', { name: 'Video 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(staff.getByRole('button', { name: 'Video 1' })).toHaveAttribute('aria-pressed', 'false');
    await expect(staff.getByRole('button', { name: 'Next' })).toBeDisabled();
    await staff.getByRole('button', { name: 'Video 1' }).click();
    await expect(staff.getByRole('button', { name: 'Video 1' })).toHaveAttribute('aria-pressed', 'true');
    // Played to the end (the event stands in for headless playback): ticked, and the next one starts.
    await staff.locator('video').dispatchEvent('ended');
    await expect(staff.getByRole('button', { name: 'Video 1 (watched)' })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Video 2' })).toHaveAttribute('aria-pressed', 'true');
    await staff.reload();
    await expect(staff.getByRole('button', { name: 'Video 1 (watched)' })).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Video 2', exact: true })).toBeVisible();
    const about = staff.getByRole('region', { name: 'About this Training' });
    await expect(about).toContainText('Shutting down the grill.');
    await expect(staff.getByRole('link', { name: 'Edit Training' })).toHaveCount(0);
    expect(await seriousViolations(staff)).toEqual([]);

    await about.getByRole('link', { name: 'Take Quiz' }).click();
    await expect(staff).toHaveURL(/\/take-quiz$/);
    await expect(staff.getByRole('heading', { level: 2, name: quizTitle })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);

    const first = staff.getByRole('radiogroup', { name: '1. Which temperature is safe for a cooked patty?' });
    const second = staff.getByRole('radiogroup', { name: '2. When do you wash your hands?' });
    await first.getByRole('radio', { name: '75 °C core' }).check();
    await staff.getByRole('button', { name: 'Submit Quiz' }).click();
    await expect(staff.getByText('Please answer all questions before submitting (1 remaining)')).toBeVisible();

    // One wrong answer of two is 50 %: below the pass mark. A double click sends one
    // attempt (whatever reaches the server names the same attempt id), counted once.
    const failedAttempts = async () =>
      ((await (await staff.request.get('/api/dashboards/staff')).json()) as { failedAttempts: number }).failedAttempts;
    const failedBefore = await failedAttempts();
    const attemptIds: string[] = [];
    staff.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/quiz/attempts')) {
        attemptIds.push((request.postDataJSON() as { attemptId: string }).attemptId);
      }
    });
    await second.getByRole('radio', { name: 'Only when they look dirty' }).check();
    await staff.getByRole('button', { name: 'Submit Quiz' }).dblclick();
    await expect(staff.getByText('Keep Learning!')).toBeVisible();
    await expect(staff.getByText('50%')).toBeVisible();
    await expect(staff.getByText('You scored 1 out of 2 questions correctly.')).toBeVisible();
    expect(new Set(attemptIds).size).toBe(1);
    expect(await failedAttempts()).toBe(failedBefore + 1);

    await staff.getByRole('button', { name: 'Try Again' }).click();
    await expect(first.getByRole('radio', { name: '75 °C core' })).not.toBeChecked();
    await first.getByRole('radio', { name: '75 °C core' }).check();
    await second.getByRole('radio', { name: 'Before every shift and task change' }).check();
    await staff.getByRole('button', { name: 'Submit Quiz' }).click();
    await expect(staff.getByText('Congratulations!')).toBeVisible();
    // Try Again is a new attempt, with an id of its own.
    expect(new Set(attemptIds).size).toBe(2);
    await expect(staff.getByText('100%')).toBeVisible();
    await expect(staff.getByText('You scored 2 out of 2 questions correctly.')).toBeVisible();
    await staff.getByRole('link', { name: 'Back to Training' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await staffContext.close();
  });

  test('hq deletes a training from its edit page after confirming', async ({ page }) => {
    const title = uniqueName('Deep Clean Friday');
    await signInAs(page, 'hq', '/trainings');
    const categories = (await (await page.request.get('/api/training-categories')).json()) as { id: string }[];
    const created = await page.request.post('/api/trainings', {
      data: { title, description: '', categoryIds: [categories[0]?.id], quizId: null, videos: [] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/trainings/${id}/edit`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await page.getByRole('button', { name: 'Delete Training' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete training' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Training' }).click();
    await confirm.getByRole('button', { name: 'Delete Training' }).click();
    await expect(page.getByText('Training deleted')).toBeVisible();
    await expect(page).toHaveURL('/trainings');
    await page.getByLabel('Search trainings').fill(title);
    await expect(page.getByText('No trainings found')).toBeVisible();
    await page.goto(`/trainings/${id}`);
    await expect(page.getByText('Training module not found')).toBeVisible();
  });

  for (const role of ['manager', 'staff'] as const) {
    test(`${role} sees the trainings but no Add Training or Edit buttons, and cannot open the form`, async ({
      page,
    }) => {
      await signInAs(page, role, '/trainings');
      const card = page.locator('.mantine-Card-root').filter({ hasText: 'Guest Service at the Counter' });
      await expect(card).toBeVisible();
      await expect(card.getByText('Quiz', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add Training' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Edit Training/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Take Quiz/ })).toHaveCount(0);

      await page.goto('/trainings/add');
      await expect(page.getByText('Only head office can add or edit trainings.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Trainings' }).click();
      await expect(page).toHaveURL('/trainings');

      await card.getByRole('link', { name: 'Guest Service at the Counter' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Guest Service at the Counter' })).toBeVisible();
      await page.goto(`${page.url()}/edit`);
      await expect(page.getByText('Only head office can add or edit trainings.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete Training' })).toHaveCount(0);
    });
  }

  test('a missing training, and a training without a quiz, say so', async ({ page }) => {
    await signInAs(page, 'staff', '/trainings/3f1c2d4e-0000-4000-8000-000000000000');
    await expect(page.getByText('Training module not found')).toBeVisible();
    await page.goto('/trainings/not-an-id');
    await expect(page.getByText('Training module not found')).toBeVisible();

    await page.goto('/trainings');
    await page.getByRole('link', { name: 'Grill Station Basics', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grill Station Basics' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take Quiz' })).toHaveCount(0);
    await page.goto(`${page.url()}/take-quiz`);
    await expect(page.getByText('No quiz found for this training module')).toBeVisible();
  });

  test('search and category chips filter the list; none selected means all, Select All toggles all or none', async ({
    page,
  }) => {
    await signInAs(page, 'staff', '/trainings');
    const cards = page.locator('.mantine-Card-root');
    await expect(cards.filter({ hasText: 'Grill Station Basics' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Welcome to Brigade' })).toBeVisible();

    await toggleChip(page, 'Filter by category', 'Kitchen Operations');
    await expect(cards.filter({ hasText: 'Welcome to Brigade' })).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Grill Station Basics' })).toBeVisible();
    await toggleChip(page, 'Filter by category', 'Onboarding');
    await expect(cards.filter({ hasText: 'Welcome to Brigade' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Handwashing and Personal Hygiene' })).toHaveCount(0);

    const filter = page.getByRole('group', { name: 'Filter by category' });
    await filter.getByRole('button', { name: 'Select All' }).click();
    for (const name of ['Customer Service', 'Food Safety', 'Hygiene', 'Kitchen Operations', 'Onboarding']) {
      await expect(page.getByRole('checkbox', { name })).toBeChecked();
    }
    await expect(cards.filter({ hasText: 'Handwashing and Personal Hygiene' })).toBeVisible();
    await filter.getByRole('button', { name: 'Deselect All' }).click();
    await expect(filter.getByRole('button', { name: 'Select All' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Onboarding' })).not.toBeChecked();
    await expect(cards.filter({ hasText: 'Handwashing and Personal Hygiene' })).toBeVisible();

    await page.getByLabel('Search trainings').fill('patties');
    await expect(cards.filter({ hasText: 'Grill Station Basics' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Welcome to Brigade' })).toHaveCount(0);
    await page.getByLabel('Search trainings').fill('no such training anywhere');
    await expect(page.getByText('No trainings found')).toBeVisible();
  });

  test('a card opens its training with Enter', async ({ page }) => {
    await signInAs(page, 'staff', '/trainings');
    await page.getByRole('link', { name: 'Welcome to Brigade', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Brigade' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Video 1' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the list, the form and the viewer have no serious accessibility violations, on a phone too', async ({
    page,
  }) => {
    await signInAs(page, 'hq', '/trainings');
    await expect(page.getByRole('link', { name: 'Grill Station Basics', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/trainings/add');
    await expect(page.getByRole('checkbox', { name: 'Hygiene' })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/trainings', '/trainings/add']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Hygiene' })).toBeAttached();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
