import { messages } from '@brigade/core/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { quizAttempts, quizResponses } from '../src/db/schema/quizzes';
import { staffTrainingAssignments, trainingCategories } from '../src/db/schema/trainings';
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

async function quizWithTraining(title: string) {
  const quiz = await call(hq.cookie, 'POST', '/api/quizzes', { title, passMark: 80, questions: fiveQuestions });
  expect(quiz.statusCode).toBe(201);
  const training = await call(hq.cookie, 'POST', '/api/trainings', {
    title: `${title} training`,
    categoryIds: [category?.id],
    quizId: quiz.json().id,
    videos: [{ url: 'https://v.example.com/a.mp4' }],
  });
  expect(training.statusCode).toBe(201);
  return { quizId: quiz.json().id as string, trainingId: training.json().id as string };
}

/** Answers the first `right` questions correctly and the rest wrongly. */
async function answer(cookie: string, trainingId: string, right: number) {
  const quiz = (await call(cookie, 'GET', `/api/trainings/${trainingId}/quiz`)).json();
  const answers = quiz.questions.map((q: { id: string; options: { id: string; text: string }[] }, index: number) => ({
    questionId: q.id,
    optionId: q.options.find((o) => o.text === (index < right ? 'Right' : 'Wrong'))?.id,
  }));
  return call(cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, { answers });
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
    const again = await call(hq.cookie, 'POST', '/api/quizzes', { title: 'UNIQUE TITLE', questions: fiveQuestions });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.quizTitleTaken, fields: { title: messages.quizTitleTaken } });
  });

  test('managers and staff cannot manage quizzes', async () => {
    for (const cookie of [manager.cookie, staff.cookie]) {
      expect((await call(cookie, 'GET', '/api/quizzes')).statusCode).toBe(403);
      expect((await call(cookie, 'POST', '/api/quizzes', { title: 'X', questions: fiveQuestions })).statusCode).toBe(
        403,
      );
    }
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
    const response = await call(staff.cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, { answers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please answer all questions before submitting (2 remaining)');
  });

  test('exactly the pass mark passes, completes the assignment, and a later fail does not undo it', async () => {
    const { trainingId } = await quizWithTraining('Boundary');
    await t.db.insert(staffTrainingAssignments).values({ staffId: staff.id, trainingId });
    const fail = (await answer(staff.cookie, trainingId, 3)).json();
    expect(fail).toMatchObject({
      score: 60,
      correctCount: 3,
      questionCount: 5,
      passed: false,
      trainingCompleted: false,
    });
    const pass = (await answer(staff.cookie, trainingId, 4)).json();
    expect(pass).toMatchObject({ score: 80, passed: true, trainingCompleted: true });
    const later = (await answer(staff.cookie, trainingId, 0)).json();
    expect(later).toMatchObject({ passed: false, trainingCompleted: true });
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
    expect(
      (await call(staff.cookie, 'POST', `/api/trainings/${trainingId}/quiz/attempts`, { answers })).statusCode,
    ).toBe(400);
  });

  test('a training without a quiz answers with the spec message', async () => {
    const training = await call(hq.cookie, 'POST', '/api/trainings', { title: 'No quiz', categoryIds: [category?.id] });
    const response = await call(staff.cookie, 'GET', `/api/trainings/${training.json().id}/quiz`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.quizNotFound);
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
