import { ErrorReply } from '@brigade/core/schemas/common';
import {
  FoodSafetyLog,
  FoodSafetyLogQuery,
  FoodSafetySignOff,
  SignOffInput,
} from '@brigade/core/schemas/food-safety-log';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { requestLanguage } from '../../http/request-language';
import { recordExport } from '../activity-log/service';
import { readSensorLogRows } from '../sensors/service';
import { sendLogCsv } from './log-csv';
import { logFileName } from './log-format';
import { renderFoodSafetyLogPdf } from './log-pdf';
import { logRangeOf, logRecordsInBatches, readFoodSafetyLog, readLogHead } from './log-query';
import { signOffLog } from './sign-offs';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['food-safety-log'];

/**
 * The food-safety log of a restaurant's day, week or month (issue 33): as JSON for the
 * page, as a PDF and as a CSV; and its sign-offs. hq reads and signs any restaurant's,
 * managers their restaurants' (the guard checks the restaurant the request names before
 * the handler); an unknown restaurant is 404 before the first byte of a download.
 */
export async function foodSafetyLogRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;
  const read = guard('foodSafetyLog.read', { restaurant: 'query.restaurantId' });

  app.get(
    '/api/food-safety-log',
    {
      schema: {
        tags,
        summary:
          "Every checklist record of a restaurant's local day, week (Monday to Sunday) or month, with values, corrections, actions and sign-offs",
        querystring: FoodSafetyLogQuery,
        response: { 200: FoodSafetyLog, ...errors },
      },
      onRequest: read,
    },
    async (request, reply) => {
      const { restaurantId, period, from } = request.query;
      const log = await readFoodSafetyLog(db, restaurantId, logRangeOf(period, from));
      return reply.header('cache-control', 'private, no-store').send(log);
    },
  );

  app.get(
    '/api/food-safety-log/pdf',
    {
      schema: {
        tags,
        summary: "The same log as a printable PDF (application/pdf, attachment) in the reader's language, streamed",
        querystring: FoodSafetyLogQuery,
        response: errors,
      },
      onRequest: read,
    },
    async (request, reply) => {
      const { restaurantId, period, from } = request.query;
      const now = new Date();
      // The one refusal left (404) is decided here, before the first byte.
      const head = await readLogHead(db, restaurantId, logRangeOf(period, from), now);
      const sensors = await readSensorLogRows(db, restaurantId, head.range.start, head.range.end);
      const pdf = renderFoodSafetyLogPdf(head, logRecordsInBatches(db, head, { now }), {
        log: request.log,
        now,
        language: requestLanguage(request),
        sensors,
      });
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${logFileName(head, 'pdf')}"`)
          .header('cache-control', 'private, no-store')
          // A stream is piped as it is; the response schemas only describe the JSON refusals.
          .send(pdf as never)
      );
    },
  );

  app.get(
    '/api/food-safety-log/csv',
    {
      schema: {
        tags,
        summary: "The same log as CSV: one line per value and per correction, times in the restaurant's zone",
        querystring: FoodSafetyLogQuery,
        response: errors,
      },
      onRequest: read,
    },
    async (request, reply) => {
      const { restaurantId, period, from } = request.query;
      const now = new Date();
      const head = await readLogHead(db, restaurantId, logRangeOf(period, from), now);
      const sensors = await readSensorLogRows(db, restaurantId, head.range.start, head.range.end);
      return sendLogCsv(
        reply,
        head,
        logRecordsInBatches(db, head, { now }),
        sensors,
        recordExport(db, request, 'foodSafetyLog', { restaurantId, filters: { period, from } }),
      );
    },
  );

  app.post(
    '/api/food-safety-log/sign-offs',
    {
      schema: {
        tags,
        summary:
          "Sign a restaurant's log off for a day or a week (from its Monday) that has begun; once per period (409)",
        body: SignOffInput,
        response: { 201: FoodSafetySignOff, ...errors },
      },
      onRequest: guard('foodSafetyLog.signOff', { restaurant: 'body.restaurantId' }),
    },
    async (request, reply) => reply.status(201).send(await signOffLog(db, callerOf(request), request.body)),
  );
}
