import { randomUUID } from 'node:crypto';
import { messages } from '@brigade/core/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { quizAttempts, quizResponses, trainingQuizzes } from '../src/db/schema/quizzes';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainingCategories } from '../src/db/schema/trainings';
import { startTestApp } from './harness';

const t = await startTestApp();
const home = await t.buildRestaurant();
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [home.id] });
const staff = await t.signedIn('staff', { restaurantIds: [home.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

const [category] = await t.db.insert(trainingCategories).values({ name: 'Safety' }).returning();

const fiveQuestions = Array.from({ length: 5 }, (_, index) => ({
  text: `Question ${index + 1}`,
  options: [{ text: 'Right' }, { text: 'Wrong' }],
  correctIndex: 0,
}));

async function quizWithTraining(title: string, videoCount = 1) {
  const quiz = await call(hq.cookie, 'POST', '/api/quizzes', { title, passMark: 80, questions: fiveQuestions });
  expect(quiz.statusCode).toBe(201);
  const training = await call(hq.cookie, 'POST', '/api/trainings', {
    title: `${title} training`,
    categoryIds: [category?.id],
    quizId: quiz.json().id,
    videos: Array.from({ length: videoCount }, (_, index) => ({ url: `https://v.example.com/${index}.mp4` })),
  });
  expect(training.statusCode).toBe(201);
  return {
    quizId: quiz.json().id as string,
    trainingId: training.json().id as string,
    videoIds: (training.json().videos as { id: string }[]).map((video) => video.id),
  };
}

/** Plays the given videos of a training to the end; answers the last reply. */
async function watch(cookie: string, trainingId: string, videoIds: readonly string[]) {
  let reply: Json = {};
  for (const videoId of videoIds) {
    const response = await call(cookie, 'POST', `/api/trainings/${trainingId}/videos/${videoId}/watched`);
    expect(response.statusCode).toBe(200);
    reply = response.json();
  }
  return reply;
}

/** Answers for the first `right` questions correct and the rest wrong. */
async function answersFor(cookie: string, trainingId: string, right: number) {
  const quiz = (await call(cookie, 'GET', `/api/trainings/${trainingId}/quiz`)).json();
  return quiz.questions.map((q: { id: string; options: { id: string; text: string }[] }, index: number) => ({
    questionId: q.id,
    optionId: q.options.find((o) => o.text === (index < right ? 'Right' : 'Wrong'))?.id,
  }));
}

/** Submits one attempt (a new one unless `attemptId` names one). */
async function answer(cookie: string, trainingId: string, right: number, attemptId: string = randomUUID()) {
  const answers = await answersFor(cookie, trainingId, right);
  return call(cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, { attemptId, answers });
}

describe('authoring quizzes (hq)', () => {
  test('the spec messages for title, questions and options', async () => {
    const response = await call(hq.cookie, 'POST', '/api/quizzes', {
      title: '',
      questions: [{ text: ' ', options: [{ text: 'A' }, { text: '' }], correctIndex: 0 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      title: messages.quizTitleRequired,
      'questions.0.text': messages.questionsNeedText,
      'questions.0.options.1.text': messages.optionsNeedText,
    });
  });

  test('titles are unique regardless of case', async () => {
    await quizWithTraining('Unique title');
    const before = await t.tableDigests();
    const again = await call(hq.cookie, 'POST', '/api/quizzes', { title: 'UNIQUE TITLE', questions: fiveQuestions });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.quizTitleTaken, fields: { title: messages.quizTitleTaken } });
    expect(await t.tableDigests()).toEqual(before);
  });

  test('managers and staff cannot manage quizzes', async () => {
    const { quizId } = await quizWithTraining('Not theirs');
    const before = await t.tableDigests();
    for (const cookie of [manager.cookie, staff.cookie]) {
      const list = await call(cookie, 'GET', '/api/quizzes');
      expect([list.statusCode, list.json()]).toEqual([403, { message: expect.any(String) }]);
      expect((await call(cookie, 'POST', '/api/quizzes', { title: 'X', questions: fiveQuestions })).statusCode).toBe(
        403,
      );
      expect(
        (await call(cookie, 'PUT', `/api/quizzes/${quizId}`, { title: 'X', questions: fiveQuestions })).statusCode,
      ).toBe(403);
    }
    expect(await t.tableDigests()).toEqual(before);
    const [quiz] = await t.db.select().from(trainingQuizzes).where(eq(trainingQuizzes.id, quizId));
    expect(quiz?.title).toBe('Not theirs');
  });
});

describe('taking a quiz', () => {
  test('the quiz a taker receives never says which option is correct', async () => {
    const { trainingId } = await quizWithTraining('Hidden answers');
    const response = await call(staff.cookie, 'GET', `/api/trainings/${trainingId}/quiz`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/isCorrect|correct/i);
  });

  test('every question must be answered', async () => {
    const { trainingId } = await quizWithTraining('All answered');
    const quiz = (await call(staff.cookie, 'GET', `/api/trainings/${trainingId}/quiz`)).json();
    const answers = quiz.questions.slice(0, 3).map((q: { id: string; options: { id: string }[] }) => ({
      questionId: q.id,
      optionId: q.options[0]?.id,
    }));
    const before = await t.tableDigests();
    const response = await call(staff.cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, {
      attemptId: randomUUID(),
      answers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please answer all questions before submitting (2 remaining)');
    expect(await t.tableDigests()).toEqual(before);
  });

  test('exactly the pass mark passes, completes the assignment, and a later fail does not undo it', async () => {
    const { trainingId, videoIds } = await quizWithTraining('Boundary');
    await t.db.insert(staffTrainingAssignments).values({ staffId: staff.id, trainingId });
    await watch(staff.cookie, trainingId, videoIds);
    const fail = (await answer(staff.cookie, trainingId, 3)).json();
    expect(fail).toMatchObject({
      score: 60,
      correctCount: 3,
      questionCount: 5,
      passed: false,
      trainingCompleted: false,
    });
    expect(fail.bestScore).toBe(60);
    const pass = (await answer(staff.cookie, trainingId, 4)).json();
    expect(pass).toMatchObject({ score: 80, passed: true, trainingCompleted: true, bestScore: 80 });
    const later = (await answer(staff.cookie, trainingId, 0)).json();
    // The retake's own score, and the best one, which completed the training.
    expect(later).toMatchObject({ score: 0, passed: false, trainingCompleted: true, bestScore: 80 });
    // My Trainings shows the completed training with the score that completed it.
    const mine = (await call(staff.cookie, 'GET', '/api/my-trainings?status=completed')).json();
    const card = mine.find((entry: { training: { id: string } }) => entry.training.id === trainingId);
    expect(card.latestAttempt).toMatchObject({ score: 80, passed: true });
  });

  test('scoring ignores any correctness the client sends', async () => {
    const { trainingId } = await quizWithTraining('No cheating');
    const quiz = (await call(staff.cookie, 'GET', `/api/trainings/${trainingId}/quiz`)).json();
    const answers = quiz.questions.map((q: { id: string; options: { id: string; text: string }[] }) => ({
      questionId: q.id,
      optionId: q.options.find((o) => o.text === 'Wrong')?.id,
      isCorrect: true,
    }));
    const response = await call(staff.cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, {
      attemptId: randomUUID(),
      answers,
      score: 100,
      passed: true,
    });
    expect(response.json()).toMatchObject({ score: 0, passed: false });
  });

  test('an option of another question is refused', async () => {
    const { trainingId } = await quizWithTraining('Wrong pairing');
    const quiz = (await call(staff.cookie, 'GET', `/api/trainings/${trainingId}/quiz`)).json();
    const answers = quiz.questions.map((q: { id: string }, index: number) => ({
      questionId: q.id,
      optionId: quiz.questions[(index + 1) % quiz.questions.length].options[0].id,
    }));
    const before = await t.tableDigests();
    const response = await call(staff.cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, {
      attemptId: randomUUID(),
      answers,
    });
    expect(response.statusCode).toBe(400);
    expect(await t.tableDigests()).toEqual(before);
  });

  test('a training without a quiz answers with the spec message', async () => {
    const training = await call(hq.cookie, 'POST', '/api/trainings', { title: 'No quiz', categoryIds: [category?.id] });
    const response = await call(staff.cookie, 'GET', `/api/trainings/${training.json().id}/quiz`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.quizNotFound);
  });
});

describe('one completion rule: every video watched and, with a quiz, the quiz passed', () => {
  async function assignmentOf(staffId: string, trainingId: string) {
    const [assignment] = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(and(eq(staffTrainingAssignments.staffId, staffId), eq(staffTrainingAssignments.trainingId, trainingId)));
    return assignment;
  }

  test('passing the quiz with unwatched videos does not complete the training', async () => {
    const { trainingId, videoIds } = await quizWithTraining('Pass before watching', 3);
    const taker = await t.signedIn('staff', { restaurantIds: [home.id] });
    await t.db.insert(staffTrainingAssignments).values({ staffId: taker.id, trainingId });
    await watch(taker.cookie, trainingId, videoIds.slice(0, 1));
    const pass = await answer(taker.cookie, trainingId, 5);
    expect(pass.json()).toMatchObject({ passed: true, trainingCompleted: false });
    expect((await assignmentOf(taker.id, trainingId))?.completedAt).toBeNull();
    const [card] = (await call(taker.cookie, 'GET', '/api/my-trainings')).json();
    expect(card).toMatchObject({ completedAt: null, videos: { watched: 1, total: 3 } });
    const dashboard = (await call(taker.cookie, 'GET', '/api/dashboards/staff')).json();
    expect(dashboard).toMatchObject({ trainingsCompleted: 0, trainingsInProgress: 1 });
  });

  test('watching the last video after passing completes the training', async () => {
    const { trainingId, videoIds } = await quizWithTraining('Watch after passing', 2);
    const taker = await t.signedIn('staff', { restaurantIds: [home.id] });
    await t.db.insert(staffTrainingAssignments).values({ staffId: taker.id, trainingId });
    expect((await answer(taker.cookie, trainingId, 5)).json()).toMatchObject({ trainingCompleted: false });
    expect(await watch(taker.cookie, trainingId, videoIds.slice(0, 1))).toEqual({
      watched: true,
      trainingCompleted: false,
    });
    expect(await watch(taker.cookie, trainingId, videoIds.slice(1))).toEqual({
      watched: true,
      trainingCompleted: true,
    });
    expect((await assignmentOf(taker.id, trainingId))?.completedAt).not.toBeNull();
    const dashboard = (await call(taker.cookie, 'GET', '/api/dashboards/staff')).json();
    expect(dashboard).toMatchObject({ trainingsCompleted: 1, trainingsInProgress: 0 });
  });

  test('watching every video does not complete a training whose quiz is not passed', async () => {
    const { trainingId, videoIds } = await quizWithTraining('Watched, quiz failed', 2);
    const taker = await t.signedIn('staff', { restaurantIds: [home.id] });
    await t.db.insert(staffTrainingAssignments).values({ staffId: taker.id, trainingId });
    await answer(taker.cookie, trainingId, 1);
    expect(await watch(taker.cookie, trainingId, videoIds)).toEqual({ watched: true, trainingCompleted: false });
    expect((await assignmentOf(taker.id, trainingId))?.completedAt).toBeNull();
  });
});

describe('a repeated submission of one attempt is recorded once', () => {
  const attemptsOf = (staffId: string, quizId: string) =>
    t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.staffId, staffId)));
  const failedAttempts = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/dashboards/staff')).json().failedAttempts as number;

  test('two concurrent submissions (a double click): one attempt, one failure, the same answer', async () => {
    const { quizId, trainingId } = await quizWithTraining('Double click');
    const taker = await t.signedIn('staff', { restaurantIds: [home.id] });
    const attemptId = randomUUID();
    const answers = await answersFor(taker.cookie, trainingId, 2);
    const url = `/api/trainings/${trainingId}/quiz/attempts`;
    const [one, two] = await Promise.all([
      call(taker.cookie, 'POST', url, { attemptId, answers }),
      call(taker.cookie, 'POST', url, { attemptId, answers }),
    ]);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.json()).toEqual(one.json());
    expect(one.json()).toMatchObject({ score: 40, passed: false });
    const attempts = await attemptsOf(taker.id, quizId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.id).toBe(one.json().attemptId);
    const responses = await t.db.select().from(quizResponses).where(eq(quizResponses.attemptId, one.json().attemptId));
    expect(responses).toHaveLength(5);
    expect(await failedAttempts(taker.cookie)).toBe(1);
  });

  test('a repeat after the first answered (a retry) gets the first result, even with other answers', async () => {
    const { quizId, trainingId, videoIds } = await quizWithTraining('Retry after timeout');
    const taker = await t.signedIn('staff', { restaurantIds: [home.id] });
    await t.db.insert(staffTrainingAssignments).values({ staffId: taker.id, trainingId });
    await watch(taker.cookie, trainingId, videoIds);
    const attemptId = randomUUID();
    const first = await answer(taker.cookie, trainingId, 3, attemptId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ score: 60, passed: false, trainingCompleted: false });
    const sameAnswers = await answer(taker.cookie, trainingId, 3, attemptId);
    expect([sameAnswers.statusCode, sameAnswers.json()]).toEqual([200, first.json()]);
    // Other answers, even all right or too few, do not make it a second attempt.
    const allRight = await answer(taker.cookie, trainingId, 5, attemptId);
    expect([allRight.statusCode, allRight.json()]).toEqual([200, first.json()]);
    const tooFew = await call(taker.cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, {
      attemptId,
      answers: [],
    });
    expect([tooFew.statusCode, tooFew.json()]).toEqual([200, first.json()]);
    expect(await attemptsOf(taker.id, quizId)).toHaveLength(1);
    expect(await failedAttempts(taker.cookie)).toBe(1);
    const [assignment] = await t.db
      .select()
      .from(staffTrainingAssignments)
      .where(and(eq(staffTrainingAssignments.staffId, taker.id), eq(staffTrainingAssignments.trainingId, trainingId)));
    expect(assignment?.completedAt).toBeNull();
    // A new attempt id is a new attempt.
    expect((await answer(taker.cookie, trainingId, 5)).json()).toMatchObject({ passed: true, trainingCompleted: true });
    expect(await attemptsOf(taker.id, quizId)).toHaveLength(2);
  });

  test('the same attempt id from another person is their own attempt', async () => {
    const { quizId, trainingId } = await quizWithTraining('Shared id');
    const first = await t.signedIn('staff', { restaurantIds: [home.id] });
    const second = await t.signedIn('staff', { restaurantIds: [home.id] });
    const attemptId = randomUUID();
    const theirs = (await answer(first.cookie, trainingId, 1, attemptId)).json();
    const mine = (await answer(second.cookie, trainingId, 5, attemptId)).json();
    expect(theirs).toMatchObject({ score: 20, passed: false });
    expect(mine).toMatchObject({ score: 100, passed: true });
    expect(mine.attemptId).not.toBe(theirs.attemptId);
    expect(await attemptsOf(first.id, quizId)).toHaveLength(1);
    expect(await attemptsOf(second.id, quizId)).toHaveLength(1);
  });

  test('an attempt id already used for another quiz is refused; one is required', async () => {
    const one = await quizWithTraining('First of two');
    const two = await quizWithTraining('Second of two');
    const taker = await t.signedIn('staff', { restaurantIds: [home.id] });
    const attemptId = randomUUID();
    expect((await answer(taker.cookie, one.trainingId, 5, attemptId)).statusCode).toBe(200);
    const reused = await answer(taker.cookie, two.trainingId, 5, attemptId);
    expect(reused.statusCode).toBe(409);
    expect(await attemptsOf(taker.id, two.quizId)).toHaveLength(0);
    const answers = await answersFor(taker.cookie, two.trainingId, 5);
    const missing = await call(taker.cookie, 'POST', `/api/trainings/${two.trainingId}/quiz/attempts`, { answers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('attemptId');
    expect(await attemptsOf(taker.id, two.quizId)).toHaveLength(0);
  });
});

describe('history survives edits', () => {
  test('editing a quiz keeps old attempts and what was asked and answered', async () => {
    const { quizId, trainingId } = await quizWithTraining('Editable');
    const attempt = (await answer(staff.cookie, trainingId, 5)).json();
    const edited = await call(hq.cookie, 'PUT', `/api/quizzes/${quizId}`, {
      title: 'Editable',
      questions: [{ text: 'A brand new question', options: [{ text: 'Yes' }, { text: 'No' }], correctIndex: 1 }],
    });
    expect(edited.statusCode).toBe(200);
    const [kept] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.attemptId));
    expect(kept).toMatchObject({ score: 100, passed: true, questionCount: 5 });
    const responses = await t.db.select().from(quizResponses).where(eq(quizResponses.attemptId, attempt.attemptId));
    expect(responses.map((r) => [r.questionText, r.selectedOptionText, r.isCorrect]).sort()).toEqual(
      fiveQuestions.map((q) => [q.text, 'Right', true]).sort(),
    );
    const latest = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.staffId, staff.id)));
    expect(latest).toHaveLength(1);
  });
});
