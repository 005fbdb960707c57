import {
  AssignablePerson,
  AssignableQuery,
  AssignmentCard,
  AssignmentOverview,
  AssignmentOverviewQuery,
  AssignmentsCreated,
  CreateAssignments,
  MyTrainingsQuery,
  PersonAssignmentsQuery,
} from '@brigade/core/schemas/assignments';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { csvFileName, sendCsv } from '../../http/send-csv';
import { recordExport } from '../activity-log/service';
import {
  createAssignments,
  deleteAssignment,
  listAssignable,
  listAssignmentOverview,
  listMyTrainings,
  listPersonAssignments,
  overviewCsvColumns,
  overviewCsvRows,
  resetQuizAttempts,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['assignments'];

export async function assignmentRoutes(
  app: App,
  { database, guard, notifier }: Pick<AppContext, 'database' | 'guard' | 'notifier'>,
) {
  const { db } = database;

  app.get(
    '/api/my-trainings',
    {
      schema: {
        tags,
        summary: 'My Trainings: the caller’s assignments with progress',
        querystring: MyTrainingsQuery,
        response: { 200: z.array(AssignmentCard), ...errors },
      },
      onRequest: guard('myTrainings.read'),
    },
    async (request) => listMyTrainings(db, callerOf(request), request.query),
  );

  app.get(
    '/api/training-assignments',
    {
      schema: {
        tags,
        summary: 'Assignment overview grouped per person (hq; a manager names their restaurant)',
        querystring: AssignmentOverviewQuery,
        response: { 200: AssignmentOverview, ...errors },
      },
      onRequest: guard('assignments.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listAssignmentOverview(db, callerOf(request), request.query),
  );

  app.get(
    '/api/training-assignments/export.csv',
    {
      schema: {
        tags,
        summary:
          'The overview as CSV, one line per assignment: same search, filters, sort and scope as the list (page ignored)',
        querystring: AssignmentOverviewQuery,
        produces: ['text/csv'],
        response: errors,
      },
      onRequest: guard('assignments.read', { restaurant: 'query.restaurantId' }),
    },
    async (request, reply) => {
      // Refusals are thrown here, before the first byte goes out.
      const rows = overviewCsvRows(db, callerOf(request), request.query);
      return sendCsv(reply, {
        fileName: csvFileName('training-assignments'),
        columns: overviewCsvColumns,
        rows,
        onSent: recordExport(db, request, 'trainingAssignments', {
          restaurantId: request.query.restaurantId,
          filters: request.query,
        }),
      });
    },
  );

  app.get(
    '/api/training-assignments/people/:id',
    {
      schema: {
        tags,
        summary: 'One person of the overview expanded: their assignments in full, under the overview’s filters',
        params: IdParams,
        querystring: PersonAssignmentsQuery,
        response: { 200: z.array(AssignmentCard), ...errors },
      },
      onRequest: guard('assignments.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listPersonAssignments(db, callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/training-assignments/assignable',
    {
      schema: {
        tags,
        summary: 'People trainings can be assigned to',
        querystring: AssignableQuery,
        response: { 200: z.array(AssignablePerson), ...errors },
      },
      onRequest: guard('assignments.manage', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listAssignable(db, callerOf(request), request.query),
  );

  app.post(
    '/api/training-assignments',
    {
      schema: {
        tags,
        summary: 'Assign trainings to people; existing pairs are skipped and counted',
        body: CreateAssignments,
        response: { 200: AssignmentsCreated, ...errors },
      },
      onRequest: guard('assignments.manage', { restaurant: 'stored' }),
    },
    async (request) => createAssignments(db, callerOf(request), request.body, notifier),
  );

  app.delete(
    '/api/training-assignments/:id',
    {
      schema: { tags, summary: 'Remove an assignment', params: IdParams, response: { 204: z.null(), ...errors } },
      onRequest: guard('assignments.manage', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      await deleteAssignment(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/training-assignments/:id/reset-quiz',
    {
      schema: {
        tags,
        summary: 'Remove the person’s attempts at the training’s quiz (recorded)',
        params: IdParams,
        response: { 200: z.object({ attemptsRemoved: z.number().int() }), ...errors },
      },
      onRequest: guard('assignments.manage', { restaurant: 'stored' }),
    },
    async (request) => resetQuizAttempts(db, callerOf(request), request.params.id),
  );
}
