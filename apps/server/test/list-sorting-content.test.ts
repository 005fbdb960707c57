import type { AuditSchedule } from '@brigade/core/schemas/audit-schedules';
import type { AuditTemplateSummary } from '@brigade/core/schemas/audit-templates';
import type { QuizSummary } from '@brigade/core/schemas/quizzes';
import type { TrainingSummary } from '@brigade/core/schemas/trainings';
import { describe, expect, test } from 'vitest';
import { auditScheduleRestaurants, auditSchedules } from '../src/db/schema/audit-schedules';
import { auditTemplateItems, auditTemplates } from '../src/db/schema/audits';
import { quizQuestions, trainingQuizzes } from '../src/db/schema/quizzes';
import { trainingCategories, trainingCategoryAssignments, trainings, trainingVideos } from '../src/db/schema/trainings';
import { startTestApp } from './harness';

/**
 * Issue 21: the trainings, quizzes, audit templates and audit schedules lists sort in SQL
 * by the column the query string names, in either direction, with the id breaking ties;
 * filters arrive URL-encoded; a sort the list does not offer is refused with a field
 * message; callers refused before are refused still.
 */
const t = await startTestApp();
const home = await t.buildRestaurant({ name: 'Brigade Home' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [home.id] });
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

/** The ids of a list reply, in the order the server sent them. */
async function idsOf(cookie: string, url: string): Promise<string[]> {
  const response = await get(cookie, url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }[]).map((row) => row.id);
}

/** Rows that tie on the sorted column follow their ids (as PostgreSQL orders uuids: as lower-case hex). */
const byId = (...rows: { id: string }[]) => rows.map((row) => row.id).sort();
const reversed = (ids: string[]) => [...ids].reverse();

const day = (date: string) => new Date(`${date}T09:00:00Z`);

// Trainings: titles, dates, first categories and video counts that each order them differently;
// the two "Cold Storage" trainings tie on everything but their id.
const [hygiene, kitchen, service] = await t.db
  .insert(trainingCategories)
  .values([{ name: 'Hygiene' }, { name: 'Kitchen' }, { name: 'Service' }])
  .returning();
if (!hygiene || !kitchen || !service) throw new Error('categories not inserted');

async function training(title: string, createdAt: string, categoryIds: string[], videoCount: number) {
  const [row] = await t.db
    .insert(trainings)
    .values({ title, description: `${title}, step by step.`, createdAt: day(createdAt) })
    .returning({ id: trainings.id });
  if (!row) throw new Error('training not inserted');
  await t.db
    .insert(trainingCategoryAssignments)
    .values(categoryIds.map((categoryId) => ({ trainingId: row.id, categoryId })));
  if (videoCount > 0) {
    await t.db.insert(trainingVideos).values(
      Array.from({ length: videoCount }, (_, orderNum) => ({
        moduleId: row.id,
        orderNum,
        videoUrl: `https://videos.example.com/${row.id}/${orderNum}.mp4`,
      })),
    );
  }
  return row;
}

const allergens = await training('Allergen Awareness', '2026-01-03', [kitchen.id], 1);
const bar = await training('Bar Hygiene', '2026-01-01', [service.id], 0);
const coldA = await training('Cold Storage', '2026-01-02', [service.id, hygiene.id], 2);
const coldB = await training('Cold Storage', '2026-01-02', [hygiene.id, service.id], 2);
const cold = byId(coldA, coldB);

describe('the trainings list sorts by the column asked for', () => {
  const ascending = {
    title: [allergens.id, bar.id, ...cold],
    createdAt: [bar.id, ...cold, allergens.id],
    // A training's first category by name: Hygiene, Kitchen, Service.
    category: [...cold, allergens.id, bar.id],
    videoCount: [bar.id, allergens.id, ...cold],
  };

  test.each(Object.entries(ascending))('by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(staff.cookie, `/api/trainings?sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(staff.cookie, `/api/trainings?sort=${column}&order=desc`)).toEqual(reversed(order));
  });

  test('newest first without a sort, ascending with a sort but no order', async () => {
    expect(await idsOf(manager.cookie, '/api/trainings')).toEqual(reversed(ascending.createdAt));
    expect(await idsOf(manager.cookie, '/api/trainings?sort=title')).toEqual(ascending.title);
  });

  test('the search and categories arrive URL-encoded and filter the sorted list', async () => {
    expect(await idsOf(hq.cookie, '/api/trainings?search=cold%20STORAGE&sort=title&order=desc')).toEqual(
      reversed(cold),
    );
    expect(
      await idsOf(
        hq.cookie,
        `/api/trainings?categoryIds=${kitchen.id}&categoryIds=${hygiene.id}&sort=videoCount&order=desc`,
      ),
    ).toEqual([...reversed(cold), allergens.id]);
    // "%25" is a percent sign, searched for as text, not as a wildcard.
    expect(await idsOf(hq.cookie, '/api/trainings?search=%25&sort=title')).toEqual([]);
    const [found] = (
      await get(hq.cookie, `/api/trainings?search=awareness&categoryIds=${kitchen.id}`)
    ).json() as TrainingSummary[];
    expect(found).toMatchObject({ id: allergens.id, videoCount: 1, categories: [{ id: kitchen.id, name: 'Kitchen' }] });
  });

  test('a sort or an order the list does not offer is refused with a field message', async () => {
    const badSort = await get(staff.cookie, '/api/trainings?sort=description');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fields).toEqual({ sort: 'Sort must be one of createdAt, title, category, videoCount' });
    const badOrder = await get(staff.cookie, '/api/trainings?sort=title&order=up');
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().fields).toEqual({ order: 'Order must be asc or desc' });
  });

  test('signed out, the list is still refused', async () => {
    expect((await get(undefined, '/api/trainings?sort=title')).statusCode).toBe(401);
  });
});

// Quizzes: "bar Basics" sorts before "Bread" (titles sort without regard to case); Bread and
// Coffee tie on date, pass mark and question count.
async function quiz(title: string, createdAt: string, passMark: number, questionCount: number) {
  const [row] = await t.db
    .insert(trainingQuizzes)
    .values({ title, passMark, createdAt: day(createdAt) })
    .returning({ id: trainingQuizzes.id });
  if (!row) throw new Error('quiz not inserted');
  await t.db.insert(quizQuestions).values(
    Array.from({ length: questionCount }, (_, orderNum) => ({
      quizId: row.id,
      questionText: `${title} question ${orderNum + 1}`,
      orderNum,
    })),
  );
  return row;
}

const allergenQuiz = await quiz('Allergens', '2026-01-03', 70, 2);
const barQuiz = await quiz('bar Basics', '2026-01-01', 90, 3);
const breadQuiz = await quiz('Bread', '2026-01-02', 80, 1);
const coffeeQuiz = await quiz('Coffee', '2026-01-02', 80, 1);
const breadAndCoffee = byId(breadQuiz, coffeeQuiz);

describe('the quiz list sorts by the column asked for', () => {
  const ascending = {
    title: [allergenQuiz.id, barQuiz.id, breadQuiz.id, coffeeQuiz.id],
    createdAt: [barQuiz.id, ...breadAndCoffee, allergenQuiz.id],
    questionCount: [...breadAndCoffee, allergenQuiz.id, barQuiz.id],
    passMark: [allergenQuiz.id, ...breadAndCoffee, barQuiz.id],
  };

  test.each(Object.entries(ascending))('by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(hq.cookie, `/api/quizzes?sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(hq.cookie, `/api/quizzes?sort=${column}&order=desc`)).toEqual(reversed(order));
  });

  test('by title without a sort; the search arrives URL-encoded', async () => {
    expect(await idsOf(hq.cookie, '/api/quizzes')).toEqual(ascending.title);
    expect(await idsOf(hq.cookie, '/api/quizzes?search=BAR%20basics&sort=passMark')).toEqual([barQuiz.id]);
    const [summary] = (await get(hq.cookie, '/api/quizzes?search=Bread')).json() as QuizSummary[];
    expect(summary).toMatchObject({ title: 'Bread', questionCount: 1, passMark: 80 });
  });

  test('a sort the list does not offer is refused with a field message', async () => {
    const response = await get(hq.cookie, '/api/quizzes?sort=trainingTitles');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ sort: 'Sort must be one of title, createdAt, questionCount, passMark' });
  });

  test('managers and staff are refused before their sort is read; signed out is 401', async () => {
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await get(cookie, '/api/quizzes?sort=title&order=desc')).statusCode).toBe(403);
      expect((await get(cookie, '/api/quizzes?sort=bogus')).statusCode).toBe(403);
    }
    expect((await get(undefined, '/api/quizzes?sort=title')).statusCode).toBe(401);
  });
});

// Audit templates: Daily and Evening tie on their item count.
async function template(name: string, itemCount: number) {
  const [row] = await t.db.insert(auditTemplates).values({ name }).returning({ id: auditTemplates.id });
  if (!row) throw new Error('template not inserted');
  await t.db.insert(auditTemplateItems).values(
    Array.from({ length: itemCount }, (_, orderNum) => ({
      templateId: row.id,
      itemText: `${name} check ${orderNum + 1}`,
      orderNum,
    })),
  );
  return row;
}

const closing = await template('Closing Checklist', 3);
const daily = await template('Daily Walkthrough', 1);
const evening = await template('Evening Check', 1);

describe('the audit template list sorts by name or item count', () => {
  const ascending = {
    name: [closing.id, daily.id, evening.id],
    itemCount: [...byId(daily, evening), closing.id],
  };

  test.each(Object.entries(ascending))('by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(hq.cookie, `/api/audit-templates?sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(hq.cookie, `/api/audit-templates?sort=${column}&order=desc`)).toEqual(reversed(order));
  });

  test('by name without a sort, with the item counts', async () => {
    const rows = (await get(hq.cookie, '/api/audit-templates')).json() as AuditTemplateSummary[];
    expect(rows.map((row) => [row.name, row.itemCount])).toEqual([
      ['Closing Checklist', 3],
      ['Daily Walkthrough', 1],
      ['Evening Check', 1],
    ]);
  });

  test('a sort the list does not offer is refused; managers and staff are still refused', async () => {
    const response = await get(hq.cookie, '/api/audit-templates?sort=description');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ sort: 'Sort must be one of name, itemCount' });
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await get(cookie, '/api/audit-templates?sort=name')).statusCode).toBe(403);
    }
  });
});

// Audit schedules: Quarterly and Fryer start on the same day; Early and Fryer cover one
// restaurant each, Monthly (all restaurants: both active ones) and Quarterly two.
async function schedule(
  name: string,
  cadence: AuditSchedule['cadence'],
  startsOn: string,
  isActive: boolean,
  restaurantIds: string[] | 'all',
) {
  const [row] = await t.db
    .insert(auditSchedules)
    .values({ name, cadence, startsOn, isActive, allRestaurants: restaurantIds === 'all' })
    .returning({ id: auditSchedules.id });
  if (!row) throw new Error('schedule not inserted');
  if (restaurantIds !== 'all') {
    await t.db
      .insert(auditScheduleRestaurants)
      .values(restaurantIds.map((restaurantId) => ({ scheduleId: row.id, restaurantId })));
  }
  return row;
}

const monthly = await schedule('Monthly Deep Clean', 'monthly', '2026-03-01', true, 'all');
const early = await schedule('Early Line Check', 'weekly', '2026-01-05', false, [home.id]);
const quarterly = await schedule('Quarterly Review', 'quarterly', '2026-02-01', true, [home.id, other.id]);
const fryer = await schedule('Biweekly Fryer', 'biweekly', '2026-02-01', true, [other.id]);

describe('the audit schedule list sorts by the column asked for', () => {
  const ascending = {
    // Active ones first, by name; then the inactive ones.
    status: [fryer.id, monthly.id, quarterly.id, early.id],
    name: [fryer.id, early.id, monthly.id, quarterly.id],
    // Weekly, every 2 weeks, monthly, quarterly.
    cadence: [early.id, fryer.id, monthly.id, quarterly.id],
    startsOn: [early.id, ...byId(quarterly, fryer), monthly.id],
    restaurantCount: [...byId(early, fryer), ...byId(monthly, quarterly)],
  };

  test.each(Object.entries(ascending))('by %s, ascending and descending', async (column, order) => {
    expect(await idsOf(hq.cookie, `/api/audit-schedules?sort=${column}&order=asc`)).toEqual(order);
    expect(await idsOf(hq.cookie, `/api/audit-schedules?sort=${column}&order=desc`)).toEqual(reversed(order));
  });

  test('active first, by name, without a sort; the counts are the ones sorted by', async () => {
    const rows = (await get(hq.cookie, '/api/audit-schedules')).json() as AuditSchedule[];
    expect(rows.map((row) => [row.name, row.isActive, row.restaurantCount])).toEqual([
      ['Biweekly Fryer', true, 1],
      ['Monthly Deep Clean', true, 2],
      ['Quarterly Review', true, 2],
      ['Early Line Check', false, 1],
    ]);
  });

  test('a sort the list does not offer is refused; managers and staff are still refused', async () => {
    const response = await get(hq.cookie, '/api/audit-schedules?sort=templates&order=asc');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      sort: 'Sort must be one of status, name, cadence, startsOn, restaurantCount',
    });
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await get(cookie, '/api/audit-schedules?sort=name')).statusCode).toBe(403);
    }
    expect((await get(undefined, '/api/audit-schedules?sort=name')).statusCode).toBe(401);
  });
});
