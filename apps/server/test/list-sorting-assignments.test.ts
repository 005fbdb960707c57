import { randomUUID } from 'node:crypto';
import { selectRestaurantMessages } from '@brigade/core/messages';
import type { AnnouncementPage } from '@brigade/core/schemas/announcements';
import type { AssignmentOverview } from '@brigade/core/schemas/assignments';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { announcements } from '../src/db/schema/announcements';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainingCategories, trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { CSV_BATCH_ROWS } from '../src/http/send-csv';
import { insertBulkPeople } from './bulk-people';
import { startTestApp } from './harness';

/**
 * Issue 21: the assignment overview (people, each with their assignments) sorts its
 * people in SQL by name, email, progress, next due date and newest completion, in either
 * direction, the person's id breaking ties, whether the figures come from the saved
 * totals, a restaurant's people or the whole chain's listed assignments; it exports the
 * same view as CSV, one line per assignment, within the caller's reach. The announcements
 * list sorts by posted date, title and author and filters on acknowledgement.
 */
const t = await startTestApp();
const home = await t.buildRestaurant({ name: 'Brigade Home' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [home.id] });
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

const day = (date: string) => new Date(`${date}T09:00:00.000Z`);

async function training(title: string) {
  const [row] = await t.db.insert(trainings).values({ title }).returning({ id: trainings.id });
  if (!row) throw new Error('training not inserted');
  return { id: row.id, title };
}

const allergens = await training('Allergens');
const knives = await training('Knife skills');
const opening = await training('Opening checklist');
const closing = await training('Closing: 100% & done');

/** A person with an email of our choosing (the email sort must differ from the name sort). */
async function person(name: string, email: string, role: 'staff' | 'manager', restaurantId: string) {
  const built = await t.buildUser(role, { name, restaurantIds: [restaurantId] });
  await t.db.update(users).set({ email }).where(eq(users.id, built.id));
  return { id: built.id, name, email };
}

type Assignment = { training: { id: string }; due?: string; completed?: string };
async function assign(staffId: string, list: Assignment[]) {
  await t.db.insert(staffTrainingAssignments).values(
    list.map((assignment) => ({
      staffId,
      trainingId: assignment.training.id,
      assignedAt: day('2026-01-02'),
      dueAt: assignment.due ? day(assignment.due) : null,
      completedAt: assignment.completed ? day(assignment.completed) : null,
    })),
  );
}

// Each sort orders these six differently:
//         progress  next due     newest completion   email
// Anna    2/2       —            2026-03-10          c.
// Bram    1/2       2099-06-01   2026-03-01          f.
// Cor     0/1       2099-05-01   never               e.
// Dirk    2/3       2099-08-01   2026-02-01          a.
// Eva     1/4       2099-07-01   2026-01-15          b.  (another restaurant)
// Fleur   1/3       2026-04-15   2026-01-10          d.  (a manager: hq sees her, managers do not)
const anna = await person('Anna', 'c.anna@example.com', 'staff', home.id);
const bram = await person('Bram', 'f.bram@example.com', 'staff', home.id);
const cor = await person('Cor', 'e.cor@example.com', 'staff', home.id);
const dirk = await person('Dirk', 'a.dirk@example.com', 'staff', home.id);
const eva = await person('Eva', 'b.eva@example.com', 'staff', other.id);
const fleur = await person('Fleur', 'd.fleur@example.com', 'manager', home.id);
await assign(anna.id, [
  { training: allergens, completed: '2026-03-10' },
  { training: knives, completed: '2026-02-20' },
]);
await assign(bram.id, [
  { training: allergens, completed: '2026-03-01' },
  { training: knives, due: '2099-06-01' },
]);
await assign(cor.id, [{ training: allergens, due: '2099-05-01' }]);
await assign(dirk.id, [
  { training: allergens, completed: '2026-02-01' },
  { training: knives, completed: '2026-01-05' },
  { training: opening, due: '2099-08-01' },
]);
await assign(eva.id, [
  { training: allergens, completed: '2026-01-15' },
  { training: knives },
  { training: opening, due: '2099-07-01' },
  { training: closing },
]);
await assign(fleur.id, [
  { training: allergens, completed: '2026-01-10' },
  { training: knives, due: '2026-04-15' },
  { training: opening },
]);

type Person = { id: string; name: string };
const names = (people: Person[]) => people.map((p) => p.name);
/** People that tie on the sorted figure follow their ids (lower-case uuids), in the sort's direction. */
const byId = (...people: Person[]) => [...people].sort((a, b) => (a.id < b.id ? -1 : 1));
const reversed = <T>(list: T[]) => [...list].reverse();

async function overview(cookie: string, query: string): Promise<AssignmentOverview> {
  const response = await get(cookie, `/api/training-assignments?pageSize=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function overviewNames(cookie: string, query: string) {
  return (await overview(cookie, query)).items.map((item) => item.name);
}

describe('assignment overview: sorting', () => {
  const chainWide: [sort: string, ascending: Person[]][] = [
    ['name', [anna, bram, cor, dirk, eva, fleur]],
    ['email', [dirk, eva, anna, fleur, cor, bram]],
    ['progress', [cor, eva, fleur, bram, dirk, anna]],
    // Anna has nothing open: no due date sorts after every date.
    ['nextDueAt', [fleur, cor, bram, eva, dirk, anna]],
    // Cor never completed one: before every date.
    ['lastCompletedAt', [cor, fleur, eva, dirk, bram, anna]],
  ];

  for (const [sort, ascending] of chainWide) {
    test(`hq, the whole chain, by ${sort}: ascending and descending`, async () => {
      expect(await overviewNames(hq.cookie, `sort=${sort}&order=asc`)).toEqual(names(ascending));
      expect(await overviewNames(hq.cookie, `sort=${sort}&order=desc`)).toEqual(names(reversed(ascending)));
    });
  }

  test('without a sort, by name; a sort without an order is ascending', async () => {
    expect(await overviewNames(hq.cookie, '')).toEqual(names([anna, bram, cor, dirk, eva, fleur]));
    expect(await overviewNames(hq.cookie, 'sort=progress')).toEqual(names([cor, eva, fleur, bram, dirk, anna]));
  });

  test('a manager sorts the staff of their restaurant only', async () => {
    const query = `restaurantId=${home.id}&sort=lastCompletedAt&order=desc`;
    expect(await overviewNames(manager.cookie, query)).toEqual(names([anna, bram, dirk, cor]));
    expect(await overviewNames(manager.cookie, `restaurantId=${home.id}&sort=progress`)).toEqual(
      names([cor, bram, dirk, anna]),
    );
  });

  test('filtered by a training, the figures are those of the listed assignments (the whole chain)', async () => {
    // Knife skills: Fleur's is due 2026-04-15, Bram's 2099-06-01; Anna's and Dirk's are
    // completed and Eva's has no due date, so those three tie and follow their ids.
    const ascending = [fleur, bram, ...byId(anna, dirk, eva)];
    expect(await overviewNames(hq.cookie, `trainingId=${knives.id}&sort=nextDueAt`)).toEqual(names(ascending));
    expect(await overviewNames(hq.cookie, `trainingId=${knives.id}&sort=nextDueAt&order=desc`)).toEqual(
      names(reversed(ascending)),
    );
    const page = await overview(hq.cookie, `trainingId=${knives.id}&sort=nextDueAt`);
    expect(page.items[0]).toMatchObject({
      name: 'Fleur',
      nextDueAt: '2026-04-15T09:00:00.000Z',
      lastCompletedAt: null,
      assignments: [{ title: 'Knife skills', completed: false, overdue: true }],
    });
  });

  test("searched, a manager's figures are those of the listed assignments too", async () => {
    // "knife": Anna completed hers on 2026-02-20, Dirk on 2026-01-05, Bram not yet.
    const query = `restaurantId=${home.id}&search=KNIFE&sort=lastCompletedAt&order=desc`;
    expect(await overviewNames(manager.cookie, query)).toEqual(names([anna, dirk, bram]));
    expect(await overviewNames(manager.cookie, `restaurantId=${home.id}&search=knife&sort=progress`)).toEqual(
      names([bram, ...byId(anna, dirk)]),
    );
  });

  test('a person found by name lists all their assignments, and their figures count all of them', async () => {
    const page = await overview(hq.cookie, 'search=eva&sort=progress');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      name: 'Eva',
      email: 'b.eva@example.com',
      restaurants: [{ id: other.id, name: 'Brigade Other' }],
      nextDueAt: '2099-07-01T09:00:00.000Z',
      lastCompletedAt: '2026-01-15T09:00:00.000Z',
    });
    expect(page.items[0]?.assignments.map((assignment) => assignment.title)).toEqual([
      'Allergens',
      'Closing: 100% & done',
      'Knife skills',
      'Opening checklist',
    ]);
  });

  test('filters arrive URL-encoded: a search with a space, %, & and capitals', async () => {
    const search = encodeURIComponent('100% & DONE');
    expect(search).toBe('100%25%20%26%20DONE');
    const page = await overview(hq.cookie, `search=${search}&sort=name`);
    expect(names(page.items)).toEqual(['Eva']);
    expect(page.items[0]?.assignments.map((assignment) => assignment.title)).toEqual(['Closing: 100% & done']);
    // The % is matched as itself, not as "anything".
    expect((await overview(hq.cookie, `search=${encodeURIComponent('1%0')}`)).items).toEqual([]);
  });

  test('pages follow one another: every person once, in the order of the whole list', async () => {
    for (const query of [
      'sort=progress&order=desc',
      `trainingId=${knives.id}&sort=nextDueAt&order=desc`,
      'sort=email',
    ]) {
      const whole = await overviewNames(hq.cookie, query);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 2); page += 1) {
        const response = await get(hq.cookie, `/api/training-assignments?pageSize=2&page=${page}&${query}`);
        const body: AssignmentOverview = response.json();
        expect(body.total).toBe(whole.length);
        paged.push(...body.items.map((item) => item.name));
      }
      expect(paged).toEqual(whole);
    }
  });

  test('a sort or order the overview does not offer is refused with a field message', async () => {
    const badSort = await get(hq.cookie, '/api/training-assignments?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toMatchObject({
      sort: 'Sort must be one of name, email, progress, nextDueAt, lastCompletedAt',
    });
    const badOrder = await get(hq.cookie, '/api/training-assignments?sort=name&order=sideways');
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().fields).toMatchObject({ order: 'Order must be asc or desc' });
  });
});

/** The CSV's lines as records (header first), read the way a spreadsheet program would. */
function csvOf(body: string): string[][] {
  return parse(body, { bom: true });
}

const HEADER = [
  'Name',
  'Email',
  'Role',
  'Restaurants',
  'Training',
  'Assigned at',
  'Due at',
  'Status',
  'Completed at',
  'Quiz score',
  'Quiz passed',
];

async function exported(cookie: string | undefined, query: string) {
  return get(cookie, `/api/training-assignments/export.csv?${query}`);
}

describe('assignment overview: CSV export', () => {
  test('hq: a header, one line per assignment in the view’s order, ISO dates and statuses', async () => {
    const response = await exported(hq.cookie, 'sort=progress&order=desc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="training-assignments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = csvOf(response.body);
    expect(header).toEqual(HEADER);
    // People by progress, best first; each person's trainings by title.
    expect(lines.map((line) => `${line[0]}: ${line[4]}`)).toEqual([
      'Anna: Allergens',
      'Anna: Knife skills',
      'Dirk: Allergens',
      'Dirk: Knife skills',
      'Dirk: Opening checklist',
      'Bram: Allergens',
      'Bram: Knife skills',
      'Fleur: Allergens',
      'Fleur: Knife skills',
      'Fleur: Opening checklist',
      'Eva: Allergens',
      'Eva: Closing: 100% & done',
      'Eva: Knife skills',
      'Eva: Opening checklist',
      'Cor: Allergens',
    ]);
    expect(lines).toContainEqual([
      'Fleur',
      'd.fleur@example.com',
      'Manager',
      'Brigade Home',
      'Knife skills',
      '2026-01-02T09:00:00.000Z',
      '2026-04-15T09:00:00.000Z',
      'Overdue',
      '',
      '',
      '',
    ]);
    expect(lines).toContainEqual([
      'Anna',
      'c.anna@example.com',
      'Staff',
      'Brigade Home',
      'Allergens',
      '2026-01-02T09:00:00.000Z',
      '',
      'Completed',
      '2026-03-10T09:00:00.000Z',
      '',
      '',
    ]);
    expect(lines).toContainEqual([
      'Cor',
      'e.cor@example.com',
      'Staff',
      'Brigade Home',
      'Allergens',
      '2026-01-02T09:00:00.000Z',
      '2099-05-01T09:00:00.000Z',
      'In Progress',
      '',
      '',
      '',
    ]);
  });

  test('the same filters as the list: one training, URL-encoded search', async () => {
    const byTraining = csvOf((await exported(hq.cookie, `trainingId=${knives.id}&sort=name`)).body).slice(1);
    expect(byTraining.map((line) => `${line[0]}: ${line[4]}`)).toEqual([
      'Anna: Knife skills',
      'Bram: Knife skills',
      'Dirk: Knife skills',
      'Eva: Knife skills',
      'Fleur: Knife skills',
    ]);
    const searched = csvOf((await exported(hq.cookie, `search=${encodeURIComponent('100% & done')}`)).body).slice(1);
    expect(searched.map((line) => `${line[0]}: ${line[4]}`)).toEqual(['Eva: Closing: 100% & done']);
    // Page and page size are the screen's: the export is every line whatever they say.
    const paged = csvOf((await exported(hq.cookie, 'page=3&pageSize=1')).body).slice(1);
    expect(paged).toHaveLength(15);
  });

  test('a manager exports the staff of their restaurant only', async () => {
    const response = await exported(manager.cookie, `restaurantId=${home.id}&sort=name`);
    expect(response.statusCode, response.body).toBe(200);
    const people = new Set(
      csvOf(response.body)
        .slice(1)
        .map((line) => line[0]),
    );
    expect([...people]).toEqual(['Anna', 'Bram', 'Cor', 'Dirk']);
  });

  test('refusals: another restaurant 403, no restaurant 400, staff 403, signed out 401, a bad sort 400', async () => {
    const otherRestaurant = await exported(manager.cookie, `restaurantId=${other.id}`);
    expect(otherRestaurant.statusCode).toBe(403);
    expect(otherRestaurant.headers['content-type']).toMatch(/^application\/json/);
    const noRestaurant = await exported(manager.cookie, '');
    expect(noRestaurant.statusCode).toBe(400);
    expect(noRestaurant.json().message).toBe(selectRestaurantMessages.trainingAssignments);
    expect((await exported(staff.cookie, `restaurantId=${home.id}`)).statusCode).toBe(403);
    expect((await exported(undefined, '')).statusCode).toBe(401);
    expect((await exported(hq.cookie, 'sort=salary')).statusCode).toBe(400);
  });

  test('a name or a title a spreadsheet would run as a formula is written as text; the quiz result is there', async () => {
    const restaurant = await t.buildRestaurant({ name: '+Brigade Formula' });
    const [category] = await t.db.insert(trainingCategories).values({ name: 'Formulas' }).returning();
    if (!category) throw new Error('category not inserted');
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: '=HYPERLINK("http://evil.test","Click")',
        email: 'formula@example.com',
        password: 'formula-person-1',
        role: 'staff',
        selectedRestaurants: [restaurant.id],
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const quiz = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/quizzes',
      payload: {
        title: 'Formula quiz',
        questions: [{ text: 'Q', options: [{ text: 'Right' }, { text: 'Wrong' }], correctIndex: 0 }],
      },
    });
    const hostileTraining = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/trainings',
      payload: { title: '@SUM(A1:A9)', quizId: quiz.json().id, categoryIds: [category.id] },
    });
    expect(hostileTraining.statusCode, hostileTraining.body).toBeLessThan(300);
    const trainingId = hostileTraining.json().id;
    const person = created.json();
    await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/training-assignments',
      payload: { trainingIds: [trainingId], staffIds: [person.id] },
    });
    const { cookie } = await t.signIn('formula@example.com', 'formula-person-1');
    const forTaker = (await t.request(cookie, { method: 'GET', url: `/api/trainings/${trainingId}/quiz` })).json();
    const question = forTaker.questions[0];
    const wrong = question.options.find((option: { text: string }) => option.text === 'Wrong');
    const attempt = await t.request(cookie, {
      method: 'POST',
      url: `/api/trainings/${trainingId}/quiz/attempts`,
      payload: { attemptId: randomUUID(), answers: [{ questionId: question.id, optionId: wrong.id }] },
    });
    expect(attempt.statusCode, attempt.body).toBeLessThan(300);

    const response = await exported(hq.cookie, `restaurantId=${restaurant.id}`);
    const lines = csvOf(response.body).slice(1);
    expect(lines).toEqual([
      [
        `'=HYPERLINK("http://evil.test","Click")`,
        'formula@example.com',
        'Staff',
        `'+Brigade Formula`,
        `'@SUM(A1:A9)`,
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        '',
        'In Progress',
        '',
        '0',
        'No',
      ],
    ]);
  });

  test('more than a batch of people: each person once, in the view’s order, with all their lines', async () => {
    const crowded = await t.buildRestaurant({ name: 'Brigade Crowded' });
    const count = CSV_BATCH_ROWS + 5;
    await insertBulkPeople(t.db, crowded.id, count);
    await t.db.execute(sql`insert into ${staffTrainingAssignments} (staff_id, training_id, assigned_at)
      select 'bulk-' || n, training.id, ${day('2026-01-02')}
      from generate_series(1, ${count}) n, (values (${allergens.id}::uuid), (${knives.id}::uuid)) training(id)`);
    const response = await exported(hq.cookie, `restaurantId=${crowded.id}&sort=name&order=desc`);
    expect(response.statusCode).toBe(200);
    const lines = csvOf(response.body).slice(1);
    expect(lines.map((line) => `${line[0]}: ${line[4]}`)).toEqual(
      Array.from({ length: count }, (_, n) => String(count - n).padStart(5, '0')).flatMap((number) => [
        `Bulk Person ${number}: Allergens`,
        `Bulk Person ${number}: Knife skills`,
      ]),
    );
    await t.db.execute(sql`delete from ${users} where id like 'bulk-%'`);
  });
});

// Announcements by three authors, one of them deleted since.
const author = (name: string) => t.buildUser('hq', { name });
const zoe = await author('Zoe Author');
const ben = await author('Ben Author');
const gone = await author('Gone Author');
async function announcement(title: string, createdAt: string, createdBy: string, requiresAck = false) {
  const [row] = await t.db
    .insert(announcements)
    .values({ title, description: `${title}.`, createdBy, createdAt: day(createdAt), requiresAck })
    .returning({ id: announcements.id });
  if (!row) throw new Error('announcement not inserted');
  return { id: row.id, title };
}
const fryer = await announcement('Fryer cleaning', '2026-02-01', zoe.id, true);
const menu = await announcement('New menu', '2026-03-01', ben.id);
const audit = await announcement('Audit week', '2026-01-01', gone.id, true);
await t.db.delete(users).where(eq(users.id, gone.id));

describe('announcements list: sorting and filtering', () => {
  async function titles(query: string) {
    const response = await get(staff.cookie, `/api/announcements?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AnnouncementPage).items.map((item) => item.title);
  }

  test('newest first without a sort; by posted date, title or author in either direction', async () => {
    expect(await titles('')).toEqual([menu.title, fryer.title, audit.title]);
    expect(await titles('sort=createdAt&order=asc')).toEqual([audit.title, fryer.title, menu.title]);
    expect(await titles('sort=title')).toEqual([audit.title, fryer.title, menu.title]);
    expect(await titles('sort=title&order=desc')).toEqual([menu.title, fryer.title, audit.title]);
    // Ben, Zoe, then the deleted author (after every name, A to Z).
    expect(await titles('sort=author&order=asc')).toEqual([menu.title, fryer.title, audit.title]);
    expect(await titles('sort=author&order=desc')).toEqual([audit.title, fryer.title, menu.title]);
  });

  test('filtered on acknowledgement, searched and paged, the sort holds', async () => {
    expect(await titles('requiresAck=true&sort=title')).toEqual([audit.title, fryer.title]);
    expect(await titles('requiresAck=false')).toEqual([menu.title]);
    expect(await titles(`search=${encodeURIComponent('NEW MENU')}`)).toEqual([menu.title]);
    const pages = [
      ...(await titles('sort=title&pageSize=2&page=1')),
      ...(await titles('sort=title&pageSize=2&page=2')),
    ];
    expect(pages).toEqual([audit.title, fryer.title, menu.title]);
  });

  test('a sort or filter the list does not offer is refused with a field message', async () => {
    const badSort = await get(staff.cookie, '/api/announcements?sort=acknowledged');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toMatchObject({ sort: 'Sort must be one of createdAt, title, author' });
    const badFilter = await get(staff.cookie, '/api/announcements?requiresAck=maybe');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().fields).toMatchObject({ requiresAck: 'Requires acknowledgement must be true or false' });
  });
});
