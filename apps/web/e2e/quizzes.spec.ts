import type { Page } from '@playwright/test';
import { created, expect, fillSignIn, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

/** Other files run at the same time on the same database: every title made here is new. */
function uniqueName(prefix: string) {
  return `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
}

function quizRow(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('Quiz management (hq)', () => {
  test('hq creates a quiz after meeting the validation messages, edits it and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    const title = uniqueName('Fryer Safety');
    const renamed = uniqueName('Fryer Safety (revised)');
    await signInAs(page, 'hq', '/quiz-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Quiz' }).click();
    await expect(page).toHaveURL('/quiz-management/add');
    await expect(page.getByRole('heading', { level: 1, name: 'New Quiz' })).toBeVisible();

    // A new quiz starts with one question of two options, the first correct, and pass mark 80.
    await expect(page.getByRole('textbox', { name: 'Pass mark (%)' })).toHaveValue('80');
    await expect(page.getByRole('radio', { name: 'Correct answer: option 1 of question 1' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Delete question 1' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Remove option/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(page.getByText('Quiz title is required')).toBeVisible();
    await expect(page.getByText('All questions must have text')).toBeVisible();
    await expect(page.getByText('All options must have text')).toHaveCount(2);

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Oil temperature and changing the oil.');
    await page.getByRole('textbox', { name: 'Pass mark (%)' }).fill('70');
    await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill('At what temperature do fries cook?');
    await page.getByRole('textbox', { name: 'Option 1 of question 1' }).fill('120 °C');
    await page.getByRole('textbox', { name: 'Option 2 of question 1' }).fill('175 °C');
    await page.getByRole('button', { name: 'Add Option to question 1' }).click();
    await expect(page.getByRole('textbox', { name: 'Option 3 of question 1' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Option 3 of question 1' }).fill('250 °C');
    await page.getByRole('radio', { name: 'Correct answer: option 2 of question 1' }).check();
    await expect(page.getByRole('radio', { name: 'Correct answer: option 1 of question 1' })).not.toBeChecked();

    await page.getByRole('button', { name: 'Add Question' }).click();
    await expect(page.getByRole('textbox', { name: 'Question 2', exact: true })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'Correct answer: option 1 of question 2' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Question 2', exact: true }).fill('How often is the oil filtered?');
    await page.getByRole('textbox', { name: 'Option 1 of question 2' }).fill('Every day');
    await page.getByRole('textbox', { name: 'Option 2 of question 2' }).fill('Once a month');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByRole('button', { name: 'Delete question 3' }).click();
    await expect(page.getByRole('textbox', { name: 'Question 3', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove option 1 of question 1' }).click();
    // The correct answer stays on "175 °C", now option 1.
    await expect(page.getByRole('textbox', { name: 'Option 1 of question 1' })).toHaveValue('175 °C');
    await expect(page.getByRole('radio', { name: 'Correct answer: option 1 of question 1' })).toBeChecked();
    await expect(page.getByRole('button', { name: /Remove option \d of question 1/ })).toHaveCount(0);
    await expect(page.getByText('Quiz title is required')).toHaveCount(0);

    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(page.getByText('Quiz created')).toBeVisible();
    await expect(page).toHaveURL('/quiz-management');
    // A demo quiz leaves the list when the search result arrives: only then is the list
    // settled, and a later change cannot be overtaken by the search's older answer.
    const demoQuiz = quizRow(page, 'Food Safety Basics');
    await page.getByLabel('Search quizzes').fill(title);
    await expect(demoQuiz).toHaveCount(0);
    const row = quizRow(page, title);
    await expect(row).toContainText('2 questions');
    await expect(row).toContainText('Pass mark 70%');
    await expect(row).toContainText('Not linked to a training');

    // A second quiz may not take a title in use.
    await page.getByRole('link', { name: 'Add Quiz' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Guest Service Essentials');
    await page.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Anything?');
    await page.getByRole('textbox', { name: 'Option 1 of question 1' }).fill('Yes');
    await page.getByRole('textbox', { name: 'Option 2 of question 1' }).fill('No');
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    // One message, under the field, and nothing else; it goes once the title changes.
    await expect(page.getByText('A quiz with this title already exists')).toHaveCount(1);
    await expect(page.getByText('A quiz with this title already exists')).toBeVisible();
    await expect(page.getByText('Failed to create quiz')).toHaveCount(0);
    await expect(page).toHaveURL('/quiz-management/add');
    await page.getByRole('textbox', { name: 'Title' }).fill('Guest Service Essentials, again');
    await expect(page.getByText('A quiz with this title already exists')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Cancel' }).click();

    // Editing starts from the saved quiz; a taken title is refused there too.
    await page.getByLabel('Search quizzes').fill(title);
    await expect(demoQuiz).toHaveCount(0);
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Quiz' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Pass mark (%)' })).toHaveValue('70');
    await expect(page.getByRole('textbox', { name: 'Option 1 of question 1' })).toHaveValue('175 °C');
    await expect(page.getByRole('radio', { name: 'Correct answer: option 1 of question 1' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Question 2', exact: true })).toHaveValue(
      'How often is the oil filtered?',
    );
    await page.getByRole('textbox', { name: 'Title' }).fill('Food Safety Basics');
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(page.getByText('A quiz with this title already exists')).toHaveCount(1);
    await expect(page.getByText('A quiz with this title already exists')).toBeVisible();
    await expect(page.getByText('Failed to save quiz')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Title' }).fill(renamed);
    await page.getByRole('button', { name: 'Delete question 2' }).click();
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(page.getByText('Quiz updated')).toBeVisible();
    await page.getByLabel('Search quizzes').fill(renamed);
    await expect(demoQuiz).toHaveCount(0);
    const renamedRow = quizRow(page, renamed);
    await expect(renamedRow).toContainText('1 question');

    // Delete asks first.
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete quiz' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamedRow).toHaveCount(1);
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Quiz deleted')).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
    await expect(page.getByText('No quizzes found')).toBeVisible();
  });

  test('the list shows question counts, pass marks and linked trainings, and searches', async ({ page }) => {
    await signInAs(page, 'hq', '/quiz-management');
    const row = quizRow(page, 'Guest Service Essentials');
    await expect(row).toContainText('3 questions');
    await expect(row).toContainText('Pass mark 80%');
    await expect(row).toContainText('Guest Service at the Counter');
    await page.getByLabel('Search quizzes').fill('Food Safety');
    // Guest Service was listed: its absence is the search result arriving.
    await expect(row).toHaveCount(0);
    await expect(quizRow(page, 'Food Safety Basics')).toBeVisible();
  });

  test('a missing quiz says so on its edit page', async ({ page }) => {
    await signInAs(page, 'hq', '/quiz-management/3f1c2d4e-0000-4000-8000-000000000000/edit');
    await expect(page.getByText('Quiz not found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Quizzes' }).click();
    await expect(page).toHaveURL('/quiz-management');
  });

  test('a manager cannot open quiz management', async ({ page }) => {
    await signInAs(page, 'manager', '/quiz-management');
    await expect(page).toHaveURL('/dashboard-manager');
  });

  test('the list and the form have no serious accessibility violations, on a phone too', async ({ page }) => {
    await signInAs(page, 'hq', '/quiz-management');
    await expect(quizRow(page, 'Food Safety Basics')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/quiz-management/add');
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(page.getByText('Quiz title is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/quiz-management', '/quiz-management/add']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /Save Quiz|Delete Food Safety Basics/ }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('Retaking a quiz', () => {
  test('a failed retake of a completed training: it stays completed with its best score, the result at the top', async ({
    page,
    browser,
    baseURL,
  }) => {
    // hq makes a one-training, one-person world through the API: the UI under test is the staff member's.
    const tag = uniqueTag();
    await signInAs(page, 'hq', '/quiz-management');
    const questions = ['Fridge below?', 'Freezer below?', 'Hot holding above?'].map((text) => ({
      text,
      options: [{ text: 'Right' }, { text: 'Wrong' }],
      correctIndex: 0,
    }));
    const quiz = await created(
      await page.request.post('/api/quizzes', { data: { title: `Retake ${tag}`, questions } }),
    );
    const categories = (await (await page.request.get('/api/training-categories')).json()) as { id: string }[];
    const title = `Cold chain ${tag}`;
    const training = await created(
      await page.request.post('/api/trainings', {
        data: { title, description: '', categoryIds: [categories[0]?.id], quizId: quiz.id, videos: [] },
      }),
    );
    const options = (await (await page.request.get('/api/restaurants/options')).json()) as { id: string }[];
    const learner = { email: `retake.${tag}@example.com`, password: 'retake-123' };
    const person = await created(
      await page.request.post('/api/users', {
        data: { name: `Retake ${tag}`, ...learner, role: 'staff', selectedRestaurants: [options[0]?.id] },
      }),
    );
    await created(
      await page.request.post('/api/training-assignments', {
        data: { trainingIds: [training.id], staffIds: [person.id] },
      }),
    );

    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const staff = await context.newPage();
    try {
      await staff.goto(`/trainings/${training.id}/take-quiz`);
      await fillSignIn(staff, learner.email, learner.password);
      // A new browser context downloads the signed-in app afresh, on a machine others share.
      await expect(staff.getByRole('heading', { level: 1, name: 'Take Quiz' })).toBeVisible({ timeout: 30_000 });
      // The first attempt, every answer right: the training (no videos) is completed.
      const taker = (await (await staff.request.get(`/api/trainings/${training.id}/quiz`)).json()) as {
        questions: { id: string; options: { id: string; text: string }[] }[];
      };
      const pass = await staff.request.post(`/api/trainings/${training.id}/quiz/attempts`, {
        data: {
          attemptId: crypto.randomUUID(),
          answers: taker.questions.map((q) => ({
            questionId: q.id,
            optionId: q.options.find((option) => option.text === 'Right')?.id,
          })),
        },
      });
      expect(await pass.json()).toMatchObject({ score: 100, trainingCompleted: true });

      // The retake, every answer wrong, submitted from the bottom of the form.
      for (const [index, question] of questions.entries()) {
        await staff
          .getByRole('radiogroup', { name: `${index + 1}. ${question.text}` })
          .getByRole('radio', { name: 'Wrong' })
          .check();
      }
      await staff.getByRole('button', { name: 'Submit Quiz' }).click();
      const heading = staff.getByRole('heading', { level: 2, name: 'Not passed this time' });
      await expect(heading).toBeFocused();
      await expect(staff.getByText('This attempt')).toBeVisible();
      await expect(staff.getByText('0%', { exact: true })).toBeVisible();
      await expect(staff.getByText('Training completed')).toBeVisible();
      await expect(staff.getByText('Your best score, 100%, stands: the training stays completed.')).toBeVisible();
      await expect(staff.getByText('Keep Learning!')).toHaveCount(0);
      // The result starts at the top: the page's title in view below the header.
      expect(await staff.evaluate(() => window.scrollY)).toBe(0);
      await expect(staff.getByRole('heading', { level: 1, name: 'Take Quiz' })).toBeInViewport();

      // My Trainings: Completed, with the score that completed it.
      await staff.goto('/my-trainings');
      const card = staff.locator('.mantine-Card-root').filter({ hasText: title });
      await expect(card.getByText('Quiz: 100%')).toBeVisible();
      await expect(card.getByText('Quiz: 0%')).toHaveCount(0);
      expect(await seriousViolations(staff)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
