import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  QuizDetail,
  QuizForTaker,
  QuizInput,
  QuizListQuery,
  QuizResult,
  QuizSummary,
  SubmitQuiz,
} from '@brigade/core/schemas/quizzes';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { createQuiz, deleteQuiz, getQuiz, listQuizzes, quizForTaker, submitAttempt, updateQuiz } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['quizzes'];

export async function quizRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/quizzes',
    {
      schema: {
        tags,
        summary: 'Quizzes, searched and sorted (by title without a choice) (hq)',
        querystring: QuizListQuery,
        response: { 200: z.array(QuizSummary), ...errors },
      },
      onRequest: guard('quizzes.manage'),
    },
    async (request) => listQuizzes(db, request.query),
  );

  app.get(
    '/api/quizzes/:id',
    {
      schema: {
        tags,
        summary: 'A quiz with its answers, for its editor (hq)',
        params: IdParams,
        response: { 200: QuizDetail, ...errors },
      },
      onRequest: guard('quizzes.manage'),
    },
    async (request) => getQuiz(db, request.params.id),
  );

  app.post(
    '/api/quizzes',
    {
      schema: { tags, summary: 'Create a quiz (hq)', body: QuizInput, response: { 201: QuizDetail, ...errors } },
      onRequest: guard('quizzes.manage'),
    },
    async (request, reply) => reply.status(201).send(await createQuiz(db, request.body)),
  );

  app.put(
    '/api/quizzes/:id',
    {
      schema: {
        tags,
        summary: 'Edit a quiz (hq); past attempts keep what was asked and answered',
        params: IdParams,
        body: QuizInput,
        response: { 200: QuizDetail, ...errors },
      },
      onRequest: guard('quizzes.manage'),
    },
    async (request) => updateQuiz(db, request.params.id, request.body),
  );

  app.delete(
    '/api/quizzes/:id',
    {
      schema: { tags, summary: 'Delete a quiz (hq)', params: IdParams, response: { 204: z.null(), ...errors } },
      onRequest: guard('quizzes.manage'),
    },
    async (request, reply) => {
      await deleteQuiz(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/trainings/:id/quiz',
    {
      schema: {
        tags,
        summary: 'The quiz of a training for taking: questions and options, never the answers',
        params: IdParams,
        response: { 200: QuizForTaker, ...errors },
      },
      onRequest: guard('quizzes.take'),
    },
    async (request) => quizForTaker(db, request.params.id),
  );

  app.post(
    '/api/trainings/:id/quiz/attempts',
    {
      schema: {
        tags,
        summary: 'Submit answers; the server scores them and records the attempt',
        params: IdParams,
        body: SubmitQuiz,
        response: { 200: QuizResult, ...errors },
      },
      onRequest: guard('quizzes.take'),
    },
    async (request) => submitAttempt(db, callerOf(request), request.params.id, request.body),
  );
}
