import { z } from 'zod';
import { messages } from '../messages';
import { DEFAULT_PASS_MARK } from '../scoring';
import { sortQuery } from './common';
import { idField, text } from './fields';

const requiredText = (message: string) => text({ error: message }).trim().min(1, message).max(1000);

/**
 * The quiz form (core §5): a title, questions with text, options with text, exactly
 * one correct option per question (its index), and a pass mark in percent.
 */
export const QuizInput = z
  .object({
    title: requiredText(messages.quizTitleRequired).max(200),
    description: text().trim().max(5000).default(''),
    // A number, or the digits a form field holds; never true, null or [] coerced into one.
    passMark: z
      .union([z.number(), z.string()])
      .pipe(z.coerce.number<string | number>().int().min(0).max(100))
      .default(DEFAULT_PASS_MARK),
    questions: z
      .array(
        z.object({
          text: requiredText(messages.questionsNeedText),
          options: z
            .array(z.object({ text: requiredText(messages.optionsNeedText) }))
            .min(2, 'A question needs at least two options')
            .max(10),
          correctIndex: z.number().int().min(0),
        }),
      )
      .min(1, 'A quiz needs at least one question')
      .max(100),
  })
  .superRefine((quiz, context) => {
    quiz.questions.forEach((question, index) => {
      if (question.correctIndex >= question.options.length) {
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'correctIndex'],
          message: 'Choose the correct option',
        });
      }
    });
  });
export type QuizInput = z.input<typeof QuizInput>;

/** What the quiz list sorts by: title (without a choice), when added, number of questions, pass mark. */
export const QUIZ_SORTS = ['title', 'createdAt', 'questionCount', 'passMark'] as const;
export type QuizSort = (typeof QUIZ_SORTS)[number];

/** The whole list (hundreds of quizzes at most), searched and sorted on the server. */
export const QuizListQuery = z
  .object({ search: text().trim().max(200).optional() })
  .extend(sortQuery(QUIZ_SORTS).shape);
export type QuizListQuery = z.input<typeof QuizListQuery>;

export const QuizSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  passMark: z.number().int(),
  trainingTitles: z.array(z.string()),
});
export type QuizSummary = z.infer<typeof QuizSummary>;

/** The full quiz for its editor (hq), correct answers included. */
export const QuizDetail = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  passMark: z.number().int(),
  questions: z.array(
    z.object({ text: z.string(), options: z.array(z.object({ text: z.string() })), correctIndex: z.number().int() }),
  ),
});
export type QuizDetail = z.infer<typeof QuizDetail>;

/** What a quiz taker receives: never which option is correct (ARCHITECTURE §3.4). */
export const QuizForTaker = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(
    z.object({ id: z.string(), text: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })) }),
  ),
});
export type QuizForTaker = z.infer<typeof QuizForTaker>;

export const SubmitQuiz = z.object({
  /**
   * Chosen by the taker's browser when the quiz opens: a repeated submission of one
   * attempt (double click, retry after a timeout) is recorded once and answered with
   * the first result. Another person's attempt with the same id is their own.
   */
  attemptId: idField,
  answers: z.array(z.object({ questionId: idField, optionId: idField })).max(100),
});
export type SubmitQuiz = z.infer<typeof SubmitQuiz>;

export const QuizResult = z.object({
  attemptId: z.string(),
  score: z.number().int(),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  passed: z.boolean(),
  /** The training counts as completed for this person now. */
  trainingCompleted: z.boolean(),
  /**
   * This person's best score at the quiz so far, this attempt included: a retake of a
   * completed training shows it beside this attempt's score, since a retake cannot undo
   * the completion its best attempt earned (issue 31).
   */
  bestScore: z.number().int(),
});
export type QuizResult = z.infer<typeof QuizResult>;
