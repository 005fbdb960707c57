import { answerAllQuestionsMessage, messages } from '@brigade/core/messages';
import type {
  QuizDetail,
  QuizForTaker,
  QuizInput,
  QuizListQuery,
  QuizResult,
  QuizSort,
  QuizSummary,
  SubmitQuiz,
} from '@brigade/core/schemas/quizzes';
import { scoreQuiz } from '@brigade/core/scoring';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable, Transaction } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error';
import {
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizResponses,
  trainingQuizAssignments,
  trainingQuizzes,
} from '../../db/schema/quizzes';
import { staffTrainingAssignments } from '../../db/schema/training-assignments';
import { trainings } from '../../db/schema/trainings';
import { type ListSorting, orderByOf } from '../../db/sorting';
import { badRequest, conflict, notFound } from '../../errors';
import { completeIfDone } from '../assignments/service';

type QuizFields = z.output<typeof QuizInput>;

const quizId = sql`${trainingQuizzes}.${sql.identifier(trainingQuizzes.id.name)}`;

const questionCountOf = sql<number>`(select count(*)::int from ${quizQuestions} q where q.quiz_id = ${quizId})`;

/**
 * The quiz list's sorts. Titles sort without regard to case, read in order from the
 * unique index on lower(title); the date from its (created_at, id) index; question counts
 * and pass marks are computed or compared per quiz, which hundreds of quizzes afford. The
 * id breaks ties, so equal counts keep one order between requests.
 */
const quizSorting: ListSorting<QuizSort> = {
  columns: {
    title: sql`lower(${trainingQuizzes.title})`,
    createdAt: trainingQuizzes.createdAt,
    questionCount: questionCountOf,
    passMark: trainingQuizzes.passMark,
  },
  defaultSort: 'title',
  defaultOrder: 'asc',
  tiebreak: trainingQuizzes.id,
};

/** Every quiz, searched in title and description, sorted by `?sort=&order=` (title without a choice). */
export async function listQuizzes(db: Queryable, query: z.output<typeof QuizListQuery>): Promise<QuizSummary[]> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  return db
    .select({
      id: trainingQuizzes.id,
      title: trainingQuizzes.title,
      description: trainingQuizzes.description,
      passMark: trainingQuizzes.passMark,
      questionCount: questionCountOf,
      trainingTitles: sql<string[]>`coalesce((select array_agg(t.title order by t.title)
        from ${trainingQuizAssignments} tqa join ${trainings} t on t.id = tqa.training_id where tqa.quiz_id = ${quizId}), '{}')`,
    })
    .from(trainingQuizzes)
    .where(
      pattern
        ? sql`(${trainingQuizzes.title} ilike ${pattern} or ${trainingQuizzes.description} ilike ${pattern})`
        : undefined,
    )
    .orderBy(...orderByOf(quizSorting, query));
}

async function loadQuestions(db: Queryable, id: string) {
  const questions = await db
    .select({ id: quizQuestions.id, text: quizQuestions.questionText, orderNum: quizQuestions.orderNum })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, id))
    .orderBy(asc(quizQuestions.orderNum));
  const options = questions.length
    ? await db
        .select({
          id: quizOptions.id,
          questionId: quizOptions.questionId,
          text: quizOptions.optionText,
          isCorrect: quizOptions.isCorrect,
        })
        .from(quizOptions)
        .where(
          inArray(
            quizOptions.questionId,
            questions.map((question) => question.id),
          ),
        )
        .orderBy(asc(quizOptions.orderNum))
    : [];
  return questions.map((question) => ({
    ...question,
    options: options.filter((option) => option.questionId === question.id),
  }));
}

export async function getQuiz(db: Queryable, id: string): Promise<QuizDetail> {
  const [quiz] = await db
    .select({
      id: trainingQuizzes.id,
      title: trainingQuizzes.title,
      description: trainingQuizzes.description,
      passMark: trainingQuizzes.passMark,
    })
    .from(trainingQuizzes)
    .where(eq(trainingQuizzes.id, id));
  if (!quiz) throw notFound(messages.quizMissing);
  const questions = await loadQuestions(db, id);
  return {
    ...quiz,
    questions: questions.map((question) => ({
      text: question.text,
      options: question.options.map((option) => ({ text: option.text })),
      correctIndex: Math.max(
        0,
        question.options.findIndex((option) => option.isCorrect),
      ),
    })),
  };
}

async function assertTitleFree(tx: Transaction, title: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: trainingQuizzes.id })
    .from(trainingQuizzes)
    .where(
      and(
        sql`lower(${trainingQuizzes.title}) = lower(${title})`,
        exceptId ? ne(trainingQuizzes.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict(messages.quizTitleTaken, { title: messages.quizTitleTaken });
}

/**
 * Questions and options are replaced as a whole. Past attempts keep their own copy of
 * what was asked and answered (quiz_responses), so their history reads the same.
 */
async function writeQuestions(tx: Transaction, id: string, input: QuizFields) {
  await tx.delete(quizQuestions).where(eq(quizQuestions.quizId, id));
  const questions = await tx
    .insert(quizQuestions)
    .values(
      input.questions.map((question, orderNum) => ({
        quizId: id,
        questionText: question.text,
        correctOption: question.correctIndex,
        orderNum,
      })),
    )
    .returning({ id: quizQuestions.id, orderNum: quizQuestions.orderNum });
  const idByOrder = new Map(questions.map((question) => [question.orderNum, question.id]));
  await tx.insert(quizOptions).values(
    input.questions.flatMap((question, questionIndex) =>
      question.options.map((option, orderNum) => ({
        questionId: idByOrder.get(questionIndex) ?? '',
        optionText: option.text,
        isCorrect: orderNum === question.correctIndex,
        orderNum,
      })),
    ),
  );
}

function mapUniqueTitle(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION)
    throw conflict(messages.quizTitleTaken, { title: messages.quizTitleTaken });
  throw error;
}

export async function createQuiz(db: Database, input: QuizFields): Promise<QuizDetail> {
  const id = await db
    .transaction(async (tx) => {
      await assertTitleFree(tx, input.title);
      const [quiz] = await tx
        .insert(trainingQuizzes)
        .values({ title: input.title, description: input.description, passMark: input.passMark })
        .returning({ id: trainingQuizzes.id });
      if (!quiz) throw new Error('insert returned no row');
      await writeQuestions(tx, quiz.id, input);
      return quiz.id;
    })
    .catch(mapUniqueTitle);
  return getQuiz(db, id);
}

export async function updateQuiz(db: Database, id: string, input: QuizFields): Promise<QuizDetail> {
  await db
    .transaction(async (tx) => {
      await assertTitleFree(tx, input.title, id);
      const [quiz] = await tx
        .update(trainingQuizzes)
        .set({ title: input.title, description: input.description, passMark: input.passMark })
        .where(eq(trainingQuizzes.id, id))
        .returning({ id: trainingQuizzes.id });
      if (!quiz) throw notFound(messages.quizMissing);
      await writeQuestions(tx, id, input);
    })
    .catch(mapUniqueTitle);
  return getQuiz(db, id);
}

export async function deleteQuiz(db: Queryable, id: string) {
  const deleted = await db
    .delete(trainingQuizzes)
    .where(eq(trainingQuizzes.id, id))
    .returning({ id: trainingQuizzes.id });
  if (deleted.length === 0) throw notFound(messages.quizMissing);
}

async function quizOfTraining(db: Queryable, trainingId: string) {
  const [link] = await db
    .select({
      id: trainingQuizzes.id,
      title: trainingQuizzes.title,
      description: trainingQuizzes.description,
      passMark: trainingQuizzes.passMark,
    })
    .from(trainingQuizAssignments)
    .innerJoin(trainingQuizzes, eq(trainingQuizzes.id, trainingQuizAssignments.quizId))
    .where(eq(trainingQuizAssignments.trainingId, trainingId));
  if (!link) throw notFound(messages.quizNotFound);
  return link;
}

/** The quiz of a training as a taker sees it: no hint of which option is correct. */
export async function quizForTaker(db: Queryable, trainingId: string): Promise<QuizForTaker> {
  const quiz = await quizOfTraining(db, trainingId);
  const questions = await loadQuestions(db, quiz.id);
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    questions: questions.map((question) => ({
      id: question.id,
      text: question.text,
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
    })),
  };
}

/** The attempt a person's browser named `clientAttemptId`, if it is already recorded. */
async function recordedAttempt(db: Queryable, staffId: string, clientAttemptId: string) {
  const [attempt] = await db
    .select({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      score: quizAttempts.score,
      correctCount: quizAttempts.correctCount,
      questionCount: quizAttempts.questionCount,
      passed: quizAttempts.passed,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.staffId, staffId), eq(quizAttempts.clientAttemptId, clientAttemptId)));
  return attempt;
}

type RecordedAttempt = NonNullable<Awaited<ReturnType<typeof recordedAttempt>>>;

async function resultOf(
  db: Queryable,
  attempt: RecordedAttempt,
  staffId: string,
  trainingId: string,
): Promise<QuizResult> {
  // One after the other: inside the submit's transaction both share one connection.
  const [assignment] = await db
    .select({ completedAt: staffTrainingAssignments.completedAt })
    .from(staffTrainingAssignments)
    .where(and(eq(staffTrainingAssignments.staffId, staffId), eq(staffTrainingAssignments.trainingId, trainingId)));
  const [best] = await db
    .select({ score: sql<number | null>`max(${quizAttempts.score})` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.staffId, staffId), eq(quizAttempts.quizId, attempt.quizId)));
  const { id, score, correctCount, questionCount, passed } = attempt;
  return {
    attemptId: id,
    score,
    correctCount,
    questionCount,
    passed,
    trainingCompleted: Boolean(assignment?.completedAt),
    bestScore: Math.max(score, best?.score ?? score),
  };
}

/** A repeat answers the first result; an id already used for another quiz is refused. */
function firstResult(db: Queryable, attempt: RecordedAttempt, quizId: string, staffId: string, trainingId: string) {
  if (attempt.quizId !== quizId) throw conflict(messages.quizAttemptReused);
  return resultOf(db, attempt, staffId, trainingId);
}

/**
 * The spec's evaluate_quiz, on the server: records the attempt and its responses,
 * scores them against the stored answers, and completes the person's assignment when
 * they pass and have watched every video — all in one transaction. Whatever
 * correctness a client claims is ignored.
 *
 * The attempt is recorded once per (person, attemptId): a repeated submission (double
 * click, retry after a timeout), even with other answers, stores nothing and gets the
 * first result. Concurrent repeats meet at the unique index: the insert that loses
 * waits for the winner's commit, inserts nothing, and answers the winner's result.
 */
export async function submitAttempt(
  db: Database,
  actor: SessionUser,
  trainingId: string,
  input: SubmitQuiz,
): Promise<QuizResult> {
  const [quiz, first] = await Promise.all([
    quizOfTraining(db, trainingId),
    recordedAttempt(db, actor.id, input.attemptId),
  ]);
  if (first) return firstResult(db, first, quiz.id, actor.id, trainingId);
  const questions = await loadQuestions(db, quiz.id);
  const chosen = new Map(input.answers.map((answer) => [answer.questionId, answer.optionId]));
  const remaining = questions.filter((question) => !chosen.has(question.id)).length;
  if (remaining > 0) throw badRequest(answerAllQuestionsMessage(remaining));
  const responses = questions.map((question) => {
    const option = question.options.find((candidate) => candidate.id === chosen.get(question.id));
    if (!option) throw badRequest(messages.answerNotOfQuestion);
    return { question, option };
  });
  const correctCount = responses.filter(({ option }) => option.isCorrect).length;
  const { score, passed } = scoreQuiz(correctCount, questions.length, quiz.passMark);

  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        quizId: quiz.id,
        staffId: actor.id,
        clientAttemptId: input.attemptId,
        score,
        correctCount,
        questionCount: questions.length,
        passed,
      })
      .onConflictDoNothing({ target: [quizAttempts.staffId, quizAttempts.clientAttemptId] })
      .returning({ id: quizAttempts.id });
    if (!attempt) {
      // The same attempt was recorded meanwhile (its transaction has committed).
      const recorded = await recordedAttempt(tx, actor.id, input.attemptId);
      if (!recorded) throw new Error('attempt conflicted but is not recorded');
      return firstResult(tx, recorded, quiz.id, actor.id, trainingId);
    }
    await tx.insert(quizResponses).values(
      responses.map(({ question, option }) => ({
        attemptId: attempt.id,
        questionId: question.id,
        selectedOptionId: option.id,
        questionText: question.text,
        selectedOptionText: option.text,
        isCorrect: option.isCorrect,
      })),
    );
    // A pass completes the assignment once every video is watched too (assignments
    // `completeIfDone`); a later failed attempt does not undo it.
    if (passed) await completeIfDone(tx, actor.id, trainingId);
    return resultOf(
      tx,
      { id: attempt.id, quizId: quiz.id, score, correctCount, questionCount: questions.length, passed },
      actor.id,
      trainingId,
    );
  });
}
