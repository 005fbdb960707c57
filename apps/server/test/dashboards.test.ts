import { messages } from '@brigade/core/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { announcements } from '../src/db/schema/announcements';
import { audits } from '../src/db/schema/audits';
import { quizAttempts, trainingQuizzes } from '../src/db/schema/quizzes';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { startTestApp } from './harness';

const t = await startTestApp();
const a = await t.buildRestaurant({ name: 'Brigade A' });
const b = await t.buildRestaurant({ name: 'Brigade B' });
await t.buildRestaurant({ name: 'Brigade Closed', isActive: false });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [a.id] });
const staff = await t.signedIn('staff', { restaurantIds: [a.id] });
const colleague = await t.buildUser('staff', { restaurantIds: [a.id], name: 'Colleague' });
await t.buildUser('staff', { restaurantIds: [b.id] });
await t.buildUser('staff', { restaurantIds: [b.id], isActive: false });

const [one, two] = await t.db
  .insert(trainings)
  .values([{ title: 'One' }, { title: 'Two' }])
  .returning();
if (!one || !two) throw new Error('no trainings');
const day = 24 * 3600 * 1000;
// Two incomplete assignments, of which one is past its due date: 1 overdue, 2 incomplete.
await t.db.insert(staffTrainingAssignments).values([
  { staffId: staff.id, trainingId: one.id, completedAt: new Date(), dueAt: new Date(Date.now() - 2 * day) },
  { staffId: staff.id, trainingId: two.id, dueAt: new Date(Date.now() - day) },
  { staffId: colleague.id, trainingId: one.id, dueAt: new Date(Date.now() + day) },
]);
const [quiz] = await t.db.insert(trainingQuizzes).values({ title: 'Quiz' }).returning();
await t.db.insert(quizAttempts).values([
  { quizId: quiz?.id ?? '', staffId: staff.id, score: 40, correctCount: 2, questionCount: 5, passed: false },
  { quizId: quiz?.id ?? '', staffId: staff.id, score: 60, correctCount: 3, questionCount: 5, passed: false },
  { quizId: quiz?.id ?? '', staffId: staff.id, score: 100, correctCount: 5, questionCount: 5, passed: true },
]);
await t.db.insert(audits).values([
  {
    restaurantId: a.id,
    auditedBy: hq.id,
    status: 'completed',
    finalScore: 80,
    auditedAt: new Date(Date.now() - 3 * day),
  },
  { restaurantId: a.id, auditedBy: hq.id, status: 'draft', auditedAt: new Date(Date.now() - day) },
  { restaurantId: b.id, auditedBy: hq.id, status: 'draft', auditedAt: new Date(Date.now() - 2 * day) },
]);
await t.db.insert(announcements).values(
  Array.from({ length: 7 }, (_, index) => ({
    title: `News ${index + 1}`,
    description: `Line one\nLine two ${index + 1}`,
    createdBy: hq.id,
    createdAt: new Date(Date.now() - (7 - index) * day),
  })),
);

const get = (cookie: string | undefined, url: string) => t.request(cookie, { method: 'GET', url });

describe('hq dashboard', () => {
  test('counts, the 5 newest announcements and the latest audits', async () => {
    const response = await get(hq.cookie, '/api/dashboards/hq');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ totalRestaurants: 2, totalStaff: 4, pendingAudits: 2 });
    expect(body.announcements.map((x: { title: string }) => x.title)).toEqual([
      'News 7',
      'News 6',
      'News 5',
      'News 4',
      'News 3',
    ]);
    expect(body.announcements[0].createdByName).toBe((await get(hq.cookie, '/api/me')).json().name);
    expect(body.recentAudits.total).toBe(3);
    expect(body.recentAudits.items[0]).toMatchObject({
      restaurant: { name: 'Brigade A' },
      status: 'draft',
      restaurantAuditCount: 2,
    });
  });

  test('Overdue Trainings counts assignments past their due date, not every incomplete one', async () => {
    const body = (await get(hq.cookie, '/api/dashboards/hq')).json();
    expect(body).toMatchObject({ overdueTrainings: 1, incompleteTrainings: 2 });
  });

  test('is hq-only: others get the refusal and not one figure', async () => {
    for (const [cookie, status] of [
      [manager.cookie, 403],
      [staff.cookie, 403],
      [undefined, 401],
    ] as const) {
      const response = await get(cookie, '/api/dashboards/hq');
      expect([response.statusCode, response.json()]).toEqual([status, { message: expect.any(String) }]);
    }
  });
});

describe('manager dashboard', () => {
  test("the selected restaurant's figures and its staff progress, lowest first", async () => {
    const body = (await get(manager.cookie, `/api/dashboards/manager?restaurantId=${a.id}`)).json();
    expect(body).toMatchObject({ totalStaff: 2, activeTrainings: 2 });
    expect(
      body.staffProgress.map((p: { name: string; completed: number; total: number }) => [p.name, p.completed, p.total]),
    ).toEqual([
      ['Colleague', 0, 1],
      [expect.any(String), 1, 2],
    ]);
    expect(body.recentAudits.items.every((x: { restaurant: { id: string } }) => x.restaurant.id === a.id)).toBe(true);
  });

  test('a draft is hq’s alone: Recent Audits and its counts hold only completed audits; Pending Audits counts the drafts', async () => {
    const body = (await get(manager.cookie, `/api/dashboards/manager?restaurantId=${a.id}`)).json();
    // Restaurant A has one completed audit and one draft: the manager learns that one is
    // in progress, not what it holds.
    expect(body.pendingAudits).toBe(1);
    expect(body.recentAudits.total).toBe(1);
    expect(body.recentAudits.items).toEqual([
      expect.objectContaining({ status: 'completed', finalScore: 80, restaurantAuditCount: 1 }),
    ]);
  });

  test("another restaurant's figures are refused", async () => {
    for (const [cookie, url, status] of [
      [manager.cookie, `/api/dashboards/manager?restaurantId=${b.id}`, 403],
      [manager.cookie, '/api/dashboards/manager', 400],
      [hq.cookie, `/api/dashboards/manager?restaurantId=${a.id}`, 403],
    ] as const) {
      const response = await get(cookie, url);
      expect([url, response.statusCode]).toEqual([url, status]);
      // The reason, and not one figure.
      expect(Object.keys(response.json()).filter((key) => key !== 'fields')).toEqual(['message']);
    }
  });
});

describe('staff dashboard', () => {
  test('own completed, in-progress and failed attempts', async () => {
    const body = (await get(staff.cookie, '/api/dashboards/staff')).json();
    expect(body).toMatchObject({ trainingsCompleted: 1, trainingsInProgress: 1, failedAttempts: 2 });
    expect(body.announcements).toHaveLength(5);
    expect(body.announcements[0].description).toBe('Line one\nLine two 7');
  });
});

describe('announcements', () => {
  test('hq creates, edits and deletes; required fields get messages', async () => {
    const invalid = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: '', description: ' ' },
    });
    expect(invalid.json().fields).toEqual({
      title: messages.announcementTitleRequired,
      description: messages.announcementDescriptionRequired,
    });
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'Fresh <b>news</b>', description: 'First\nSecond' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await get(staff.cookie, '/api/dashboards/staff')).json().announcements[0].title).toBe('Fresh <b>news</b>');
    const edited = await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/announcements/${id}`,
      payload: { title: 'Edited', description: 'x' },
    });
    expect(edited.json().title).toBe('Edited');
    expect((await get(staff.cookie, '/api/dashboards/staff')).json().announcements[0]).toMatchObject({
      title: 'Edited',
      description: 'x',
    });
    expect((await t.request(hq.cookie, { method: 'DELETE', url: `/api/announcements/${id}` })).statusCode).toBe(204);
    expect(await t.db.select().from(announcements).where(eq(announcements.id, id))).toEqual([]);
    expect((await t.request(hq.cookie, { method: 'DELETE', url: `/api/announcements/${id}` })).statusCode).toBe(404);
  });

  test('only hq writes; everyone reads, searched in SQL', async () => {
    const [news] = await t.db.select().from(announcements).where(eq(announcements.title, 'News 1'));
    const before = await t.tableDigests();
    for (const cookie of [manager.cookie, staff.cookie]) {
      for (const [method, url] of [
        ['POST', '/api/announcements'],
        ['PUT', `/api/announcements/${news?.id}`],
        ['DELETE', `/api/announcements/${news?.id}`],
      ] as const) {
        const payload = method === 'DELETE' ? undefined : { title: 'x', description: 'y' };
        expect((await t.request(cookie, { method, url, payload })).statusCode).toBe(403);
      }
    }
    expect(await t.tableDigests()).toEqual(before);
    const found = (await get(staff.cookie, '/api/announcements?search=news%203')).json();
    expect(found.items.map((x: { title: string }) => x.title)).toEqual(['News 3']);
  });
});
