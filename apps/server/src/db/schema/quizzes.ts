import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { trainings } from './trainings';
import { users } from './users';

export const trainingQuizzes = pgTable(
  'training_quizzes',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    trainingId: uuid('training_id').references(() => trainings.id, { onDelete: 'set null' }),
    passMark: integer('pass_mark').notNull().default(80),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also the quiz list's sort by title (issue 21).
    uniqueIndex('training_quizzes_title_key').on(sql`lower(${t.title})`),
    // The quiz list's sort by date, with the id that breaks ties (issue 21).
    index('training_quizzes_created_at_idx').on(t.createdAt, t.id),
    check('training_quizzes_pass_mark_check', sql`${t.passMark} between 0 and 100`),
  ],
);

/** The quiz linked to a training: at most one per training. */
export const trainingQuizAssignments = pgTable(
  'training_quiz_assignments',
  {
    trainingId: uuid('training_id')
      .primaryKey()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => trainingQuizzes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('training_quiz_assignments_quiz_idx').on(t.quizId)],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => trainingQuizzes.id, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    correctOption: integer('correct_option').notNull().default(0),
    orderNum: integer('order_num').notNull(),
  },
  (t) => [index('quiz_questions_quiz_order_idx').on(t.quizId, t.orderNum)],
);

export const quizOptions = pgTable(
  'quiz_options',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    optionText: text('option_text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    orderNum: integer('order_num').notNull(),
  },
  (t) => [index('quiz_options_question_order_idx').on(t.questionId, t.orderNum)],
);

/** Scored by the server on submit; the latest attempt is the newest created_at. */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => trainingQuizzes.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    score: integer('score').notNull(),
    correctCount: integer('correct_count').notNull(),
    questionCount: integer('question_count').notNull(),
    passed: boolean('passed').notNull(),
    /**
     * Chosen by the quiz taker's browser when the quiz opens: a repeated submission
     * (double click, retry after a timeout) names the same id and gets the first result.
     */
    clientAttemptId: uuid('client_attempt_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_client_attempt_key').on(t.staffId, t.clientAttemptId),
    index('quiz_attempts_staff_quiz_created_idx').on(t.staffId, t.quizId, t.createdAt),
    index('quiz_attempts_quiz_idx').on(t.quizId),
    index('quiz_attempts_failed_idx').on(t.staffId).where(sql`not ${t.passed}`),
    check('quiz_attempts_score_check', sql`${t.score} between 0 and 100`),
  ],
);

/**
 * What was asked and what was answered, kept as text: editing a quiz later replaces
 * its questions and options (their ids go null here) without changing this history.
 */
export const quizResponses = pgTable(
  'quiz_responses',
  {
    id: id(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => quizQuestions.id, { onDelete: 'set null' }),
    selectedOptionId: uuid('selected_option_id').references(() => quizOptions.id, { onDelete: 'set null' }),
    questionText: text('question_text').notNull(),
    selectedOptionText: text('selected_option_text').notNull(),
    isCorrect: boolean('is_correct').notNull(),
  },
  (t) => [index('quiz_responses_attempt_idx').on(t.attemptId)],
);

/** Who reset whose attempts at which quiz, and when (the attempts themselves are gone). */
export const quizAttemptResets = pgTable(
  'quiz_attempt_resets',
  {
    id: id(),
    staffId: text('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => trainingQuizzes.id, { onDelete: 'cascade' }),
    resetBy: text('reset_by').references(() => users.id, { onDelete: 'set null' }),
    attemptsRemoved: integer('attempts_removed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quiz_attempt_resets_staff_quiz_idx').on(t.staffId, t.quizId)],
);
