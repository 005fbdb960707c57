import {
  ChecklistCorrectionInput,
  ChecklistRun,
  ChecklistRunItemParams,
  ChecklistValueInput,
  Today,
  TodayQuery,
} from '@brigade/core/schemas/checklists';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { correctRun, getRun, getToday, saveValue, submitRun } from './runs';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['checklists'];

/**
 * Checklist records (issue 33): the Today screen, one record, saving a value as it is
 * entered, submitting, and a manager's corrections. Staff fill only their restaurants'
 * records (403 otherwise); managers correct only theirs; hq reaches every restaurant.
 * A record's restaurant is the stored one, checked by the service (`inReach`).
 * The photos of a record's items are the photo module's routes.
 */
export async function checklistRunRoutes(
  app: App,
  { database, guard, notifier }: Pick<AppContext, 'database' | 'guard' | 'notifier'>,
) {
  const { db } = database;

  app.get(
    '/api/checklists/today',
    {
      schema: {
        tags,
        summary: "A restaurant's checklists of its local today, open ones first (records made as needed)",
        querystring: TodayQuery,
        response: { 200: Today, ...errors },
      },
      onRequest: guard('checklists.fill', { restaurant: 'query.restaurantId' }),
    },
    async (request) => getToday(db, request.query.restaurantId),
  );

  app.get(
    '/api/checklist-runs/:id',
    {
      schema: {
        tags,
        summary: 'One checklist record: values with who and when, corrections, photos, actions',
        params: IdParams,
        response: { 200: ChecklistRun, ...errors },
      },
      onRequest: guard('checklists.fill', { restaurant: 'stored' }),
    },
    async (request) => getRun(db, callerOf(request), request.params.id),
  );

  app.put(
    '/api/checklist-runs/:id/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Save one value as it is entered (409 when the record is not open, submitted or missed for good)',
        params: ChecklistRunItemParams,
        body: ChecklistValueInput,
        response: { 200: ChecklistRun, ...errors },
      },
      onRequest: guard('checklists.fill', { restaurant: 'stored' }),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request) =>
      saveValue(db, callerOf(request), request.params.id, request.params.itemId, request.body, request.offline),
  );

  app.post(
    '/api/checklist-runs/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit a record (late after its window closed); 409 when someone else submitted it first',
        params: IdParams,
        response: { 200: ChecklistRun, ...errors },
      },
      onRequest: guard('checklists.fill', { restaurant: 'stored' }),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request) => submitRun(db, callerOf(request), notifier, request.params.id, request.offline),
  );

  app.post(
    '/api/checklist-runs/:id/corrections',
    {
      schema: {
        tags,
        summary: 'Correct a value of a submitted record with a reason; the original stays',
        params: IdParams,
        body: ChecklistCorrectionInput,
        response: { 201: ChecklistRun, ...errors },
      },
      onRequest: guard('checklists.correct', { restaurant: 'stored' }),
    },
    async (request, reply) =>
      reply.status(201).send(await correctRun(db, callerOf(request), notifier, request.params.id, request.body)),
  );
}
