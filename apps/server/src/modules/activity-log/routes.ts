import { ActivityVerification } from '@brigade/core/activity';
import { ActivityActors, ActivityFilters, ActivityListQuery, ActivityPage } from '@brigade/core/schemas/activity-log';
import { ErrorReply, NoBody } from '@brigade/core/schemas/common';
import { idField, text } from '@brigade/core/schemas/fields';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { csvFileName, sendCsv } from '../../http/send-csv';
import { ACTIVITY_CSV_COLUMNS } from './activity-csv';
import { exportActivity, listActivity, listActivityPeople, recordExport, verifyLog } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['activity-log'];

const PeopleQuery = z.object({
  search: text().trim().max(200).optional(),
  /** Only the people of this restaurant (a manager: one of theirs). */
  restaurantId: idField.optional(),
});

/**
 * The activity log (issue 36, decision 044): hq reads every entry and checks the chain;
 * a manager reads the record changes of their restaurants.
 */
export async function activityLogRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/activity',
    {
      schema: {
        tags,
        summary:
          'Activity log entries, newest first, a page at a time by cursor (before: older, after: newer): every entry for hq, the record changes of their restaurants for a manager',
        querystring: ActivityListQuery,
        response: { 200: ActivityPage, ...errors },
      },
      onRequest: guard('activityLog.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listActivity(db, callerOf(request), request.query),
  );

  app.get(
    '/api/activity.csv',
    {
      schema: {
        tags,
        summary: 'The activity log as a CSV download: the same filters and scope as GET /api/activity, every entry',
        querystring: ActivityFilters,
        produces: ['text/csv'],
        response: errors,
      },
      onRequest: guard('activityLog.read', { restaurant: 'query.restaurantId' }),
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: csvFileName('activity-log'),
        columns: ACTIVITY_CSV_COLUMNS,
        rows: await exportActivity(db, callerOf(request), request.query),
        onSent: recordExport(db, request, 'activity', {
          restaurantId: request.query.restaurantId,
          filters: request.query,
        }),
      }),
  );

  app.get(
    '/api/activity/people',
    {
      schema: {
        tags,
        summary:
          "The activity log's person filter: up to 20 people by name or email (a manager: of their restaurants; restaurantId: of that one)",
        querystring: PeopleQuery,
        response: { 200: ActivityActors, ...errors },
      },
      onRequest: guard('activityLog.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listActivityPeople(db, callerOf(request), request.query),
  );

  app.post(
    '/api/activity/verify',
    {
      schema: {
        tags,
        summary:
          'Recomputes the hash chain of every month of the log: whether it is intact, how many entries were checked, and the first entry changed or removed',
        body: NoBody,
        response: { 200: ActivityVerification, ...errors },
      },
      onRequest: guard('activityLog.verify'),
    },
    async () => verifyLog(db),
  );
}
