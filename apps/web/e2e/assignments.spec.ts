import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { created, expect, fillSignIn, seriousViolations, signInAs, test, uniqueTag } from './fixtures';

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const STAFF_PASSWORD = 'assign-me-123';
const QUESTION = 'Where do the clean trays go?';
const RIGHT_ANSWER = 'On the top rack';
const WRONG_ANSWER = 'On the floor';

/** A one-question quiz (first option right) and a training using it, made as hq through the API. */
async function createTrainingWithQuiz(request: APIRequestContext, title: string) {
  const quiz = await created(
    await request.post('/api/quizzes', {
      data: {
        title: `Quiz of ${title}`,
        questions: [{ text: QUESTION, options: [{ text: RIGHT_ANSWER }, { text: WRONG_ANSWER }], correctIndex: 0 }],
      },
    }),
  );
  return createTraining(request, title, quiz.id);
}

async function createTraining(request: APIRequestContext, title: string, quizId: string | null = null) {
  const categories = (await (await request.get('/api/training-categories')).json()) as { id: string; name: string }[];
  const hygiene = categories.find((category) => category.name === 'Hygiene') ?? categories[0];
  return created(
    await request.post('/api/trainings', {
      data: {
        title,
        description: `Made by the assignments test: ${title}`,
        categoryIds: [hygiene?.id],
        quizId,
        videos: [],
      },
    }),
  );
}

/** An active staff member of Amsterdam with a password the test knows. */
async function createStaff(request: APIRequestContext, name: string) {
  const restaurants = (await (await request.get('/api/restaurants/options')).json()) as { id: string; name: string }[];
  const amsterdam = restaurants.find((restaurant) => restaurant.name === AMSTERDAM);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const person = await created(
    await request.post('/api/users', {
      data: { name, email, password: STAFF_PASSWORD, role: 'staff', selectedRestaurants: [amsterdam?.id] },
    }),
  );
  return { id: person.id, name, email };
}

async function assign(request: APIRequestContext, trainingIds: string[], staffIds: string[], dueAt?: string) {
  return created<{ created: number; skipped: number }>(
    await request.post('/api/training-assignments', { data: { trainingIds, staffIds, dueAt } }),
  );
}

async function signInWithPassword(browser: Browser, baseURL: string | undefined, email: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  await fillSignIn(page, email, STAFF_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

async function newSignedInPage(browser: Browser, baseURL: string | undefined, role: 'hq' | 'manager', path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, role, path);
  return { context, page };
}

/** The overview's section of one person. */
function personSection(page: Page, name: string) {
  return page.getByRole('region', { name });
}

/** One assignment's line of a person in the overview, before the person is expanded. */
function assignmentLine(page: Page, person: string, training: string) {
  return page
    .getByRole('list', { name: `Trainings of ${person}` })
    .getByRole('listitem')
    .filter({ hasText: training });
}

/** One assignment card of an expanded person in the overview. */
function assignmentCard(page: Page, person: string, training: string) {
  return page
    .getByRole('list', { name: `Trainings of ${person}` })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: training, exact: true }) });
}

/** Show details of one person: their full cards load. */
async function expandPerson(page: Page, person: string) {
  const toggle = page.getByRole('button', { name: `Show details of ${person}` });
  await toggle.click();
  await expect(page.getByRole('button', { name: `Hide details of ${person}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
}

test.describe('Training assignment', () => {
  // Axe on a long page takes a while when every file runs at once.
  test.describe.configure({ timeout: 60_000 });

  test('hq assigns two trainings to two people: the existing pair is skipped and the message counts the new ones', async ({
    page,
  }) => {
    const tag = uniqueTag();
    await signInAs(page, 'hq', '/training-assign');
    const first = await createTraining(page.request, `Opening Checklist ${tag}`);
    await createTraining(page.request, `Closing Checklist ${tag}`);
    const ada = await createStaff(page.request, `Ada Visser ${tag}`);
    const bram = await createStaff(page.request, `Bram Kok ${tag}`);
    // Ada has the first training already: that pair is the duplicate.
    await assign(page.request, [first.id], [ada.id]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Assign Trainings' })).toBeVisible();
    await page.getByRole('button', { name: 'Assign Trainings' }).click();
    await expect(page.getByText('Please select at least one training module')).toBeVisible();
    await expect(page.getByText('Please select at least one staff member')).toBeVisible();

    await page.getByRole('checkbox', { name: `Opening Checklist ${tag}` }).check();
    await page.getByRole('checkbox', { name: `Closing Checklist ${tag}` }).check();
    await expect(page.getByText('Please select at least one training module')).toHaveCount(0);
    await page.getByLabel('Search people').fill(tag);
    await expect(page.getByRole('checkbox', { name: /^Select all listed/ })).toHaveAccessibleName(
      'Select all listed (2)',
    );
    await page.getByRole('checkbox', { name: ada.name }).check();
    await page.getByRole('checkbox', { name: bram.name }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Assign Trainings' }).click();

    const result = page.getByRole('status').filter({ hasText: 'Successfully created' });
    await expect(result).toContainText('Successfully created 3 new training assignments');
    await expect(result).toContainText('1 pair was already assigned and was skipped.');

    // The same pair again: nothing new.
    await page.getByRole('checkbox', { name: `Opening Checklist ${tag}` }).check();
    await page.getByRole('checkbox', { name: ada.name }).check();
    await page.getByRole('button', { name: 'Assign Trainings' }).click();
    await expect(page.getByText('All selected trainings are already assigned to the selected staff')).toBeVisible();

    // The overview groups them per person.
    await page.getByRole('link', { name: 'Back to Assignments' }).click();
    await expect(page).toHaveURL('/training-assignments');
    await page.getByRole('searchbox', { name: 'Search assignments' }).fill(tag);
    await expect(page.getByRole('searchbox', { name: 'Search assignments' })).toHaveAttribute(
      'placeholder',
      'Search assignments...',
    );
    await expect(personSection(page, ada.name)).toBeVisible();
    await expect(personSection(page, bram.name)).toBeVisible();
    for (const person of [ada.name, bram.name]) {
      for (const training of [`Opening Checklist ${tag}`, `Closing Checklist ${tag}`]) {
        await expect(assignmentLine(page, person, training).getByText('In Progress')).toBeVisible();
      }
    }
    await expect(personSection(page, ada.name)).toContainText('0 of 2 completed');
    // The page lists titles and statuses only: descriptions and categories wait for Show details.
    const description = `Made by the assignments test: Opening Checklist ${tag}`;
    await expect(personSection(page, ada.name).getByText(description)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Details that fail to load say so and offer Retry.
    await page.route('**/api/training-assignments/people/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await expandPerson(page, ada.name);
    const failed = personSection(page, ada.name).getByRole('alert');
    await expect(failed).toHaveText('Failed to load the details of these trainings');
    await page.unroute('**/api/training-assignments/people/**');
    await personSection(page, ada.name).getByRole('button', { name: 'Retry' }).click();
    const opening = assignmentCard(page, ada.name, `Opening Checklist ${tag}`);
    await expect(opening.getByText(description)).toBeVisible();
    await expect(opening.getByRole('list', { name: 'Categories' })).toContainText('Hygiene');
    await expect(
      opening.getByRole('button', { name: `Remove: Opening Checklist ${tag} from ${ada.name}` }),
    ).toBeVisible();
    // Bram stays folded: only the person asked for is loaded.
    await expect(page.getByRole('button', { name: `Show details of ${bram.name}` })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the manager bulk-assigns with Select All; Assign Training stays disabled until both lists have a choice', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = uniqueTag();
    await signInAs(page, 'hq');
    await createTraining(page.request, `Fryer Safety ${tag}`);
    const cleo = await createStaff(page.request, `Cleo Dekker ${tag}`);

    const { context, page: manager } = await newSignedInPage(browser, baseURL, 'manager', '/training-assign');
    await expect(manager.getByRole('heading', { level: 1, name: 'Assign Trainings' })).toBeVisible();
    await manager.getByRole('link', { name: 'Bulk Assign' }).click();
    await expect(manager).toHaveURL('/manager-bulk-training-assign');
    await expect(manager.getByRole('heading', { level: 1, name: 'Bulk Assign Training' })).toBeVisible();

    // Cancel and Back to Assignments both lead to /training-assign.
    await manager.getByRole('link', { name: 'Cancel' }).click();
    await expect(manager).toHaveURL('/training-assign');
    await manager.goto('/manager-bulk-training-assign');
    await manager.getByRole('link', { name: 'Back to Assignments' }).click();
    await expect(manager).toHaveURL('/training-assign');
    await manager.goto('/manager-bulk-training-assign');

    const assignButton = manager.getByRole('button', { name: 'Assign Training' });
    await expect(assignButton).toBeDisabled();
    const categories = manager.getByRole('group', { name: 'Filter by category' });
    await categories.getByRole('button', { name: 'Select All' }).click();
    await expect(categories.getByRole('button', { name: 'Deselect All' })).toBeVisible();
    await expect(categories.getByRole('checkbox', { name: 'Hygiene' })).toBeChecked();
    await expect(categories.getByRole('checkbox', { name: 'Onboarding' })).toBeChecked();

    await manager.getByRole('checkbox', { name: `Fryer Safety ${tag}` }).check();
    await expect(assignButton).toBeDisabled();
    const staffList = manager.getByRole('group', { name: /^Select staff/ });
    await expect(staffList.getByRole('checkbox', { name: cleo.name })).toBeVisible();
    // Only staff of the manager's restaurants: nobody from Rotterdam or Antwerp.
    await expect(staffList.getByRole('checkbox', { name: 'Jesse Vermeulen' })).toHaveCount(0);
    await expect(staffList.getByRole('checkbox', { name: 'Ruben Claes' })).toHaveCount(0);
    await staffList.getByRole('checkbox', { name: cleo.name }).check();
    await expect(assignButton).toBeEnabled();
    await manager.getByRole('checkbox', { name: `Fryer Safety ${tag}` }).uncheck();
    await expect(assignButton).toBeDisabled();
    await manager.getByRole('checkbox', { name: `Fryer Safety ${tag}` }).check();
    expect(await seriousViolations(manager)).toEqual([]);
    await assignButton.click();

    await expect(manager.getByText('Training assignments created successfully')).toBeVisible();
    await expect(manager).toHaveURL('/training-assign');
    const row = manager.getByRole('listitem').filter({ hasText: cleo.email });
    await expect(row).toContainText('0 of 1 trainings completed');
    await context.close();
  });

  test('staff continue a new training, pass its quiz and review it; the overview shows the score; the manager resets and removes', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const quizTraining = `Tray Handling ${tag}`;
    const plainTraining = `Mop Routine ${tag}`;
    const extraTraining = `Bin Rotation ${tag}`;
    await signInAs(page, 'hq');
    const withQuiz = await createTrainingWithQuiz(page.request, quizTraining);
    const plain = await createTraining(page.request, plainTraining);
    await createTraining(page.request, extraTraining);
    const dana = await createStaff(page.request, `Dana Bos ${tag}`);
    await assign(page.request, [withQuiz.id], [dana.id]);
    // Due yesterday: shows Overdue wherever it is listed.
    await assign(page.request, [plain.id], [dana.id], new Date(Date.now() - 86_400_000).toISOString());

    // Staff: both new items read Continue Training.
    const { context: staffContext, page: staff } = await signInWithPassword(
      browser,
      baseURL,
      dana.email,
      '/my-trainings',
    );
    await expect(staff.getByRole('heading', { level: 1, name: 'My Trainings' })).toBeVisible();
    const quizCard = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: quizTraining }) });
    const plainCard = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: plainTraining }) });
    await expect(quizCard.getByRole('link', { name: `Continue Training: ${quizTraining}` })).toBeVisible();
    await expect(quizCard.getByText('Quiz: Not taken')).toBeVisible();
    await expect(plainCard.getByRole('link', { name: `Continue Training: ${plainTraining}` })).toBeVisible();
    await expect(plainCard.getByText('Overdue', { exact: true })).toBeVisible();
    expect(await seriousViolations(staff)).toEqual([]);

    // Passing the quiz completes the training.
    await quizCard.getByRole('link', { name: `Continue Training: ${quizTraining}` }).click();
    await expect(staff).toHaveURL(`/trainings/${withQuiz.id}`);
    await staff.getByRole('link', { name: 'Take Quiz' }).click();
    await staff.getByRole('radio', { name: RIGHT_ANSWER }).check();
    await staff.getByRole('button', { name: 'Submit Quiz' }).click();
    await expect(staff.getByText('Congratulations!')).toBeVisible();
    await staff.goto('/my-trainings');
    await expect(quizCard.getByRole('link', { name: `Review Training: ${quizTraining}` })).toBeVisible();
    await expect(quizCard.getByText('Completed', { exact: true })).toBeVisible();
    await expect(quizCard.getByText('Quiz: 100%')).toBeVisible();
    await expect(plainCard.getByRole('link', { name: `Continue Training: ${plainTraining}` })).toBeVisible();
    // The status filter runs on the server.
    await staff.getByRole('radiogroup', { name: 'Status' }).getByText('Completed').click();
    await expect(quizCard).toBeVisible();
    await expect(plainCard).toHaveCount(0);

    // The manager's overview: the latest result in green, then reset.
    const { context: managerContext, page: manager } = await newSignedInPage(
      browser,
      baseURL,
      'manager',
      '/training-assignments',
    );
    await expect(manager.getByRole('heading', { level: 1, name: 'Training Assignments' })).toBeVisible();
    await expect(manager.getByRole('main').getByRole('link', { name: 'Assign Training' })).toHaveAttribute(
      'href',
      '/manager-bulk-training-assign',
    );
    // Dana may be on the first page before the search too: its answer is waited for, so
    // the reset and removal below cannot be overtaken by a search that read the data earlier.
    const searched = manager.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/training-assignments' &&
        new URL(response.url()).searchParams.get('search') === dana.name,
    );
    await manager.getByRole('searchbox', { name: 'Search assignments' }).fill(dana.name);
    expect((await searched).status()).toBe(200);
    // Folded, each line already says the status, Overdue and the latest quiz result.
    const scoredLine = assignmentLine(manager, dana.name, quizTraining);
    await expect(scoredLine.locator('[data-colour="green"]')).toHaveText('Quiz: 100%');
    await expect(scoredLine.getByText('Completed', { exact: true })).toBeVisible();
    await expect(assignmentLine(manager, dana.name, plainTraining).getByText('Overdue', { exact: true })).toBeVisible();

    await expandPerson(manager, dana.name);
    const scored = assignmentCard(manager, dana.name, quizTraining);
    await expect(scored.getByText('Quiz: 100%')).toBeVisible();
    // The badge names its colour: green for a pass.
    await expect(scored.locator('[data-colour="green"]')).toHaveText('Quiz: 100%');
    await expect(scored.getByText('Completed', { exact: true })).toBeVisible();
    await expect(scored.getByText(`Made by the assignments test: ${quizTraining}`)).toBeVisible();
    await expect(assignmentCard(manager, dana.name, plainTraining).getByText('Overdue', { exact: true })).toBeVisible();
    expect(await seriousViolations(manager)).toEqual([]);

    await scored.getByRole('button', { name: `Reset Quiz: ${quizTraining} for ${dana.name}` }).click();
    const resetDialog = manager.getByRole('dialog', { name: 'Reset quiz attempts' });
    await expect(resetDialog).toContainText(quizTraining);
    await resetDialog.getByRole('button', { name: 'Reset Quiz' }).click();
    await expect(scored.getByText('Quiz: Not taken')).toBeVisible();

    // A failed removal says so; a confirmed one removes the card.
    const plainCardInOverview = assignmentCard(manager, dana.name, plainTraining);
    await manager.route('**/api/training-assignments/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await plainCardInOverview.getByRole('button', { name: `Remove: ${plainTraining} from ${dana.name}` }).click();
    await manager
      .getByRole('dialog', { name: 'Remove training assignment' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(manager.getByText('Failed to delete training assignment')).toBeVisible();
    await manager.unroute('**/api/training-assignments/*');
    await plainCardInOverview.getByRole('button', { name: `Remove: ${plainTraining} from ${dana.name}` }).click();
    await manager
      .getByRole('dialog', { name: 'Remove training assignment' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(plainCardInOverview).toHaveCount(0);

    // The per-person modal: at least one training; the one Dana has is locked.
    await manager.goto('/training-assign');
    const row = manager.getByRole('listitem').filter({ hasText: dana.email });
    await expect(row).toContainText('1 of 1 trainings completed');
    await row.getByRole('button', { name: `Assign Training to ${dana.name}` }).click();
    const modal = manager.getByRole('dialog', { name: `Assign Training to ${dana.name}` });
    await expect(modal.getByRole('checkbox', { name: quizTraining })).toBeDisabled();
    await expect(modal.getByRole('checkbox', { name: quizTraining })).toBeChecked();
    await modal.getByRole('button', { name: 'Assign Training' }).click();
    await expect(modal.getByText('Please select at least one training module')).toBeVisible();
    await modal.getByRole('checkbox', { name: extraTraining }).check();
    await modal.getByLabel('Due date').fill('2099-12-31');
    expect(await seriousViolations(manager)).toEqual([]);
    await modal.getByRole('button', { name: 'Assign Training' }).click();
    await expect(manager.getByText('Successfully created 1 new training assignment', { exact: true })).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(row).toContainText('1 of 2 trainings completed');

    // Staff see the reset and the new training.
    await staff.goto('/my-trainings');
    await expect(quizCard.getByText('Quiz: Not taken')).toBeVisible();
    await expect(plainCard).toHaveCount(0);
    const extraCard = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: extraTraining }) });
    await expect(extraCard.getByRole('link', { name: `Continue Training: ${extraTraining}` })).toBeVisible();
    await expect(extraCard).toContainText('Due 31 Dec 2099');
    await staffContext.close();
    await managerContext.close();
  });

  test('staff can neither open the assignment screens nor assign', async ({ page }) => {
    await signInAs(page, 'staff', '/training-assignments');
    await expect(page).toHaveURL('/dashboard-staff');
    await page.goto('/training-assign');
    await expect(page).toHaveURL('/dashboard-staff');
    const refused = await page.request.post('/api/training-assignments', {
      data: { trainingIds: ['00000000-0000-4000-8000-000000000000'], staffIds: ['x'] },
    });
    expect(refused.status()).toBe(403);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('My Trainings fits the screen', async ({ page }) => {
      await signInAs(page, 'staff', '/my-trainings');
      await expect(page.getByRole('link', { name: /^(Continue|Review) Training/ }).first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
