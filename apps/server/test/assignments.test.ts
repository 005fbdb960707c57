import { randomUUID } from 'node:crypto';
import { messages, selectRestaurantMessages } from '@brigade/core/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { quizAttemptResets, quizAttempts } from '../src/db/schema/quizzes';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainingCategories, trainings } from '../src/db/schema/trainings';
import { startTestApp } from './harness';

const t = await startTestApp();
const mine = await t.buildRestaurant({ name: 'Brigade Mine' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });
const colleague = await t.buildUser('staff', { restaurantIds: [mine.id], name: 'Colleague' });
const outsider = await t.buildUser('staff', { restaurantIds: [other.id], name: 'Outsider' });
const inactive = await t.buildUser('staff', { restaurantIds: [mine.id], isActive: false, name: 'Inactive' });
const homeless = await t.buildUser('staff', { name: 'Homeless' });
const newcomer = await t.buildUser('staff', { restaurantIds: [mine.id], name: 'Newcomer' });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });
/** The trainings a person is assigned, by id. */
const assignedTrainings = async (staffId: string) =>
  (await t.db.select().from(staffTrainingAssignments).where(eq(staffTrainingAssignments.staffId, staffId)))
    .map((row) => row.trainingId)
    .sort();

const [category] = await t.db.insert(trainingCategories).values({ name: 'Safety' }).returning();
const quiz = (
  await call(hq.cookie, 'POST', '/api/quizzes', {
    title: 'Assignment quiz',
    questions: [{ text: 'Q', options: [{ text: 'Right' }, { text: 'Wrong' }], correctIndex: 0 }],
  })
).json();
const withQuiz = (
  await call(hq.cookie, 'POST', '/api/trainings', {
    title: 'A with quiz',
    categoryIds: [category?.id],
    quizId: quiz.id,
  })
).json();
const plain = (
  await call(hq.cookie, 'POST', '/api/trainings', { title: 'B plain', categoryIds: [category?.id] })
).json();
// Where the story starts, whichever test runs first: staff and colleague have both trainings.
await call(hq.cookie, 'POST', '/api/training-assignments', {
  trainingIds: [withQuiz.id, plain.id],
  staffIds: [staff.id, colleague.id],
});

/** The taker's answers to the assignment quiz, all right. */
async function rightAnswers(cookie: string) {
  const quizForTaker = (await call(cookie, 'GET', `/api/trainings/${withQuiz.id}/quiz`)).json();
  const question = quizForTaker.questions[0];
  const right = question.options.find((o: { text: string }) => o.text === 'Right');
  return [{ questionId: question.id, optionId: right.id }];
}

describe('assigning', () => {
  test('every pair in one go; existing pairs are skipped and counted', async () => {
    const ana = await t.buildUser('staff', { restaurantIds: [mine.id], name: 'Ana' });
    const ben = await t.buildUser('staff', { restaurantIds: [mine.id], name: 'Ben' });
    const first = await call(hq.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [withQuiz.id],
      staffIds: [ana.id],
    });
    expect(first.json()).toEqual({ created: 1, skipped: 0 });
    const second = await call(hq.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [withQuiz.id, plain.id],
      staffIds: [ana.id, ben.id],
    });
    expect(second.json()).toEqual({ created: 3, skipped: 1 });
    const again = await call(hq.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [withQuiz.id, plain.id],
      staffIds: [ana.id, ben.id],
    });
    expect(again.json()).toEqual({ created: 0, skipped: 4 });
    for (const person of [ana, ben]) expect(await assignedTrainings(person.id)).toEqual([withQuiz.id, plain.id].sort());
  });

  test('the spec messages when nothing is chosen', async () => {
    const response = await call(hq.cookie, 'POST', '/api/training-assignments', { trainingIds: [], staffIds: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ trainingIds: messages.selectTraining, staffIds: messages.selectStaff });
  });

  test('inactive people and people without a restaurant cannot be assigned', async () => {
    for (const person of [inactive, homeless]) {
      const response = await call(hq.cookie, 'POST', '/api/training-assignments', {
        trainingIds: [plain.id],
        staffIds: [person.id],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.notAssignable);
      expect(await assignedTrainings(person.id)).toEqual([]);
    }
    const assignable = (await call(hq.cookie, 'GET', '/api/training-assignments/assignable')).json();
    const ids = assignable.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([staff.id, colleague.id, outsider.id, manager.id]));
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(homeless.id);
    expect(ids).not.toContain(hq.id);
  });

  test("a manager assigns only their restaurant's staff, with an optional due date", async () => {
    const due = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const ok = await call(manager.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [plain.id],
      staffIds: [newcomer.id],
      dueAt: due,
    });
    expect(ok.json()).toEqual({ created: 1, skipped: 0 });
    const [made] = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(and(eq(staffTrainingAssignments.staffId, newcomer.id), eq(staffTrainingAssignments.trainingId, plain.id)));
    expect(made?.dueAt?.toISOString()).toBe(due);
    // Issue 31: no due date past 31 December 2100 (in UTC).
    const farAway = await call(manager.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [plain.id],
      staffIds: [newcomer.id],
      dueAt: '2101-01-01T00:00:00Z',
    });
    expect([farAway.statusCode, farAway.json().fields]).toEqual([400, { dueAt: messages.dateTooLate }]);
    const refused = await call(manager.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [plain.id],
      staffIds: [outsider.id],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.notAssignable);
    expect(await assignedTrainings(outsider.id)).not.toContain(plain.id);
    const assignable = (await call(manager.cookie, 'GET', '/api/training-assignments/assignable')).json();
    const ids = assignable.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([staff.id, colleague.id, newcomer.id]));
    for (const notAssignable of [outsider, inactive, homeless, manager, hq])
      expect(ids).not.toContain(notAssignable.id);
  });

  test('staff can do none of it', async () => {
    const before = await t.tableDigests();
    const assign = await call(staff.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [withQuiz.id],
      staffIds: [newcomer.id],
    });
    expect(assign.statusCode).toBe(403);
    expect(await t.tableDigests()).toEqual(before);
    const overview = await call(staff.cookie, 'GET', '/api/training-assignments');
    expect([overview.statusCode, overview.json()]).toEqual([403, { message: expect.any(String) }]);
    const assignable = await call(staff.cookie, 'GET', '/api/training-assignments/assignable');
    expect([assignable.statusCode, assignable.json()]).toEqual([403, { message: expect.any(String) }]);
  });
});

describe('my trainings and the overview', () => {
  test('My Trainings shows status, overdue, quiz result and filters by status', async () => {
    await t.db
      .update(staffTrainingAssignments)
      .set({ dueAt: new Date(Date.now() - 3600_000) })
      .where(eq(staffTrainingAssignments.staffId, staff.id));
    const mineNow = (await call(staff.cookie, 'GET', '/api/my-trainings')).json();
    expect(mineNow.map((card: { training: { title: string } }) => card.training.title)).toEqual([
      'A with quiz',
      'B plain',
    ]);
    expect(mineNow[0]).toMatchObject({ completedAt: null, overdue: true, hasQuiz: true, latestAttempt: null });
    await call(staff.cookie, 'POST', `/api/trainings/${withQuiz.id}/quiz/attempts`, {
      attemptId: randomUUID(),
      answers: await rightAnswers(staff.cookie),
    });
    const completed = (await call(staff.cookie, 'GET', '/api/my-trainings?status=completed')).json();
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ overdue: false, latestAttempt: { score: 100, passed: true } });
    const inProgress = (await call(staff.cookie, 'GET', '/api/my-trainings?status=in_progress')).json();
    expect(inProgress.map((card: { training: { title: string } }) => card.training.title)).toEqual(['B plain']);
  });

  test('the overview groups by person; a manager must pick one of their restaurants', async () => {
    const overview = (await call(manager.cookie, 'GET', `/api/training-assignments?restaurantId=${mine.id}`)).json();
    const names = overview.items.map((p: { id: string }) => p.id);
    expect(names).toEqual(expect.arrayContaining([staff.id, colleague.id]));
    expect(names).not.toContain(outsider.id);
    const person = overview.items.find((p: { id: string }) => p.id === staff.id);
    expect(person.assignments).toHaveLength(2);
    const unpicked = await call(manager.cookie, 'GET', '/api/training-assignments');
    expect([unpicked.statusCode, unpicked.json()]).toEqual([
      400,
      { message: selectRestaurantMessages.trainingAssignments },
    ]);
    const foreign = await call(manager.cookie, 'GET', `/api/training-assignments?restaurantId=${other.id}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([403, { message: expect.any(String) }]);
  });

  test('filters by training and searches by name or title, in SQL', async () => {
    const byTraining = (await call(hq.cookie, 'GET', `/api/training-assignments?trainingId=${withQuiz.id}`)).json();
    expect(byTraining.total).toBe(byTraining.items.length);
    const everyone = (await call(hq.cookie, 'GET', '/api/training-assignments?pageSize=100')).json();
    const assigned = new Set((await t.db.select().from(staffTrainingAssignments)).map((row) => row.staffId));
    expect(everyone.total).toBe(assigned.size);
    expect(everyone.items.map((person: { id: string }) => person.id).sort()).toEqual([...assigned].sort());
    const beyond = (await call(hq.cookie, 'GET', `/api/training-assignments?trainingId=${withQuiz.id}&page=99`)).json();
    expect(beyond).toMatchObject({ items: [], total: byTraining.total, page: 99 });
    expect(
      byTraining.items.every((p: { assignments: { title: string }[] }) =>
        p.assignments.every((a) => a.title === 'A with quiz'),
      ),
    ).toBe(true);
    const byName = (await call(hq.cookie, 'GET', '/api/training-assignments?search=colleague')).json();
    expect(byName.items.map((p: { id: string }) => p.id)).toEqual([colleague.id]);
    expect(byName.items[0].assignments).toHaveLength(2);
    const byTitle = (await call(hq.cookie, 'GET', '/api/training-assignments?search=plain')).json();
    expect(
      byTitle.items.every((p: { assignments: { title: string }[] }) =>
        p.assignments.every((a) => a.title === 'B plain'),
      ),
    ).toBe(true);
  });
});

describe('a person expanded in the overview', () => {
  const personUrl = (id: string, query = '') => `/api/training-assignments/people/${id}${query}`;

  test('the overview lists each assignment by title, status and quiz only; expanding loads it in full', async () => {
    const overview = (await call(hq.cookie, 'GET', `/api/training-assignments?search=colleague`)).json();
    const lines = overview.items[0].assignments;
    // No description, categories, dates or ids: those are the expanded person's.
    expect(lines).toEqual([
      { title: 'A with quiz', completed: false, overdue: false, quiz: null },
      { title: 'B plain', completed: false, overdue: false },
    ]);
    const response = await call(hq.cookie, 'GET', personUrl(colleague.id));
    expect(response.statusCode).toBe(200);
    const cards = response.json();
    expect(cards.map((card: { training: { title: string } }) => card.training.title)).toEqual([
      'A with quiz',
      'B plain',
    ]);
    expect(cards[0]).toMatchObject({
      training: { id: withQuiz.id, description: '', categories: [{ id: category?.id, name: 'Safety' }] },
      hasQuiz: true,
      latestAttempt: null,
      completedAt: null,
      overdue: false,
    });
  });

  test('follows the overview’s filters: one training, or the trainings found by title', async () => {
    const byTraining = (await call(hq.cookie, 'GET', personUrl(colleague.id, `?trainingId=${plain.id}`))).json();
    expect(byTraining.map((card: { training: { id: string } }) => card.training.id)).toEqual([plain.id]);
    const byTitle = (await call(hq.cookie, 'GET', personUrl(colleague.id, '?search=quiz'))).json();
    expect(byTitle.map((card: { training: { id: string } }) => card.training.id)).toEqual([withQuiz.id]);
    // Found by name: all of the person's assignments.
    const byName = (await call(hq.cookie, 'GET', personUrl(colleague.id, '?search=colleague'))).json();
    expect(byName).toHaveLength(2);
  });

  test('a manager opens staff of the restaurant they name, and nobody else', async () => {
    const own = await call(manager.cookie, 'GET', personUrl(colleague.id, `?restaurantId=${mine.id}`));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(2);
    // Someone of another restaurant, named through the manager's own restaurant or the other one.
    const outside = await call(manager.cookie, 'GET', personUrl(outsider.id, `?restaurantId=${mine.id}`));
    expect([outside.statusCode, outside.json()]).toEqual([403, { message: expect.any(String) }]);
    const foreign = await call(manager.cookie, 'GET', personUrl(outsider.id, `?restaurantId=${other.id}`));
    expect(foreign.statusCode).toBe(403);
    // The overview lists no managers to a manager, so none opens either.
    const self = await call(manager.cookie, 'GET', personUrl(manager.id, `?restaurantId=${mine.id}`));
    expect(self.statusCode).toBe(403);
    const unpicked = await call(manager.cookie, 'GET', personUrl(colleague.id));
    expect([unpicked.statusCode, unpicked.json()]).toEqual([
      400,
      { message: selectRestaurantMessages.trainingAssignments },
    ]);
  });

  test('hq opens anyone; staff nobody; an unknown person is 404; signed out is 401', async () => {
    expect((await call(hq.cookie, 'GET', personUrl(outsider.id, `?restaurantId=${mine.id}`))).statusCode).toBe(200);
    expect((await call(staff.cookie, 'GET', personUrl(staff.id))).statusCode).toBe(403);
    const unknown = randomUUID();
    const missing = await call(hq.cookie, 'GET', personUrl(unknown));
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: messages.userNotFound }]);
    expect((await call(manager.cookie, 'GET', personUrl(unknown, `?restaurantId=${mine.id}`))).statusCode).toBe(404);
    expect((await call(undefined, 'GET', personUrl(colleague.id))).statusCode).toBe(401);
    expect((await call(hq.cookie, 'GET', personUrl('not-a-uuid'))).statusCode).toBe(400);
  });
});

describe('removing and resetting', () => {
  const assignmentOf = async (staffId: string, trainingId: string) => {
    const rows = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(eq(staffTrainingAssignments.staffId, staffId));
    const row = rows.find((r) => r.trainingId === trainingId);
    if (!row) throw new Error('no assignment');
    return row;
  };

  test('reset removes the attempts and records who did it', async () => {
    const taker = await t.signedIn('staff', { restaurantIds: [mine.id] });
    await call(hq.cookie, 'POST', '/api/training-assignments', { trainingIds: [withQuiz.id], staffIds: [taker.id] });
    const attempt = await call(taker.cookie, 'POST', `/api/trainings/${withQuiz.id}/quiz/attempts`, {
      attemptId: randomUUID(),
      answers: await rightAnswers(taker.cookie),
    });
    expect(attempt.json()).toMatchObject({ passed: true });
    const assignment = await assignmentOf(taker.id, withQuiz.id);
    const response = await call(manager.cookie, 'POST', `/api/training-assignments/${assignment.id}/reset-quiz`);
    expect(response.json()).toEqual({ attemptsRemoved: 1 });
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.staffId, taker.id))).toHaveLength(0);
    const [record] = await t.db.select().from(quizAttemptResets).where(eq(quizAttemptResets.staffId, taker.id));
    expect(record).toMatchObject({ quizId: quiz.id, resetBy: manager.id, attemptsRemoved: 1 });
    const card = (await call(taker.cookie, 'GET', '/api/my-trainings')).json()[0];
    expect(card.latestAttempt).toBeNull();
  });

  test("a manager cannot remove or reset another restaurant's assignments", async () => {
    await call(hq.cookie, 'POST', '/api/training-assignments', { trainingIds: [withQuiz.id], staffIds: [outsider.id] });
    // The outsider has taken the quiz, so a reset would have something to remove.
    await t.db
      .insert(quizAttempts)
      .values({ quizId: quiz.id, staffId: outsider.id, score: 0, correctCount: 0, questionCount: 1, passed: false });
    const foreign = await assignmentOf(outsider.id, withQuiz.id);
    const attempts = await t.db.select().from(quizAttempts).where(eq(quizAttempts.staffId, outsider.id));
    expect(attempts).toHaveLength(1);
    const before = await t.tableDigests();
    expect((await call(manager.cookie, 'DELETE', `/api/training-assignments/${foreign.id}`)).statusCode).toBe(403);
    expect((await call(manager.cookie, 'POST', `/api/training-assignments/${foreign.id}/reset-quiz`)).statusCode).toBe(
      403,
    );
    expect((await call(staff.cookie, 'DELETE', `/api/training-assignments/${foreign.id}`)).statusCode).toBe(403);
    expect(await assignmentOf(outsider.id, withQuiz.id)).toEqual(foreign);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.staffId, outsider.id))).toEqual(attempts);
    expect(await t.db.select().from(quizAttemptResets).where(eq(quizAttemptResets.staffId, outsider.id))).toEqual([]);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('a manager removes their staff member’s assignment; a missing one is 404', async () => {
    await call(hq.cookie, 'POST', '/api/training-assignments', {
      trainingIds: [withQuiz.id, plain.id],
      staffIds: [newcomer.id],
    });
    const assignment = await assignmentOf(newcomer.id, plain.id);
    expect(await assignedTrainings(newcomer.id)).toEqual([withQuiz.id, plain.id].sort());
    expect((await call(manager.cookie, 'DELETE', `/api/training-assignments/${assignment.id}`)).statusCode).toBe(204);
    // That one assignment is gone; the person's others stay.
    expect(await assignedTrainings(newcomer.id)).toEqual([withQuiz.id]);
    const again = await call(manager.cookie, 'DELETE', `/api/training-assignments/${assignment.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.assignmentNotFound);
  });
});

describe('concurrent bulk assignments', () => {
  test('over the same people in different orders: none fails, every pair is made once', async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.buildUser('staff', { restaurantIds: [mine.id], name: `Crowd ${i}` })),
    );
    const made = await t.db
      .insert(trainings)
      .values([{ title: 'Crowd A' }, { title: 'Crowd B' }])
      .returning({ id: trainings.id });
    const trainingIds = made.map((training) => training.id);
    // A different, fixed order of the same people per request (a multiplicative shuffle).
    const shuffled = (round: number) =>
      people.map((_, i) => people[(i * 5 + round * 7) % people.length]?.id ?? '').reverse();
    for (let round = 0; round < 3; round += 1) {
      await t.db.delete(staffTrainingAssignments).where(inArray(staffTrainingAssignments.trainingId, trainingIds));
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          call(hq.cookie, 'POST', '/api/training-assignments', {
            trainingIds: i % 2 ? trainingIds : [...trainingIds].reverse(),
            staffIds: shuffled(round * 24 + i),
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      const created = responses.reduce((sum, response) => sum + response.json().created, 0);
      expect(created).toBe(people.length * trainingIds.length);
    }
  });
});
