import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import {
  ActionDetail,
  ActionListQuery,
  ActionOwner,
  ActionOwnerChoicesQuery,
  ActionPage,
  ChangeActionDue,
  CreateAction,
  ReassignAction,
  ReopenAction,
  ResolveAction,
} from '@brigade/core/schemas/corrective-actions';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { recordExport } from '../activity-log/service';
import { sendActionsCsv } from './action-csv';
import {
  changeActionDue,
  createAction,
  getAction,
  listActions,
  listOwnerChoices,
  reassignAction,
  reopenAction,
  resolveAction,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['corrective-actions'];

/** Corrective actions: the follow-up of every Bad or Needs improvement finding (docs/decisions/019). */
export async function correctiveActionRoutes(
  app: App,
  { database, guard, notifier }: Pick<AppContext, 'database' | 'guard' | 'notifier'>,
) {
  const { db } = database;

  app.get(
    '/api/actions',
    {
      schema: {
        tags,
        summary: 'Corrective actions: every restaurant for hq, the named restaurant for managers',
        querystring: ActionListQuery,
        response: { 200: ActionPage, ...errors },
      },
      onRequest: guard('actions.list', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listActions(db, callerOf(request), request.query),
  );

  app.get(
    '/api/actions/export.csv',
    {
      schema: {
        tags,
        summary:
          'The Actions list as a CSV download (text/csv, attachment): the same filters, search, sort and scope as GET /api/actions, every page',
        querystring: ActionListQuery,
        // The file is streamed as it is; the response schemas only describe the JSON refusals.
        response: errors,
      },
      onRequest: guard('actions.list', { restaurant: 'query.restaurantId' }),
    },
    async (request, reply) =>
      sendActionsCsv(
        reply,
        db,
        callerOf(request),
        request.query,
        recordExport(db, request, 'actions', { restaurantId: request.query.restaurantId, filters: request.query }),
      ),
  );

  app.get(
    '/api/actions/owner-choices',
    {
      schema: {
        tags,
        summary: 'Who may own an action of a restaurant: active hq and its active managers (hq)',
        querystring: ActionOwnerChoicesQuery,
        response: { 200: z.array(ActionOwner), ...errors },
      },
      onRequest: guard('actions.reassign'),
    },
    async (request) => listOwnerChoices(db, request.query.restaurantId),
  );

  app.post(
    '/api/actions',
    {
      schema: {
        tags,
        summary: 'Add an action from any item of a completed audit (hq)',
        body: CreateAction,
        response: { 201: ActionDetail, ...errors },
      },
      onRequest: guard('actions.create'),
    },
    async (request, reply) => reply.status(201).send(await createAction(db, callerOf(request), request.body, notifier)),
  );

  app.get(
    '/api/actions/:id',
    {
      schema: {
        tags,
        summary: 'One action with its context, owners, photos and history',
        params: IdParams,
        response: { 200: ActionDetail, ...errors },
      },
      onRequest: guard('actions.read', { restaurant: 'stored' }),
    },
    async (request) => getAction(db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/actions/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve an open action with a note (its restaurant’s managers, hq)',
        params: IdParams,
        body: ResolveAction,
        response: { 200: ActionDetail, ...errors },
      },
      onRequest: guard('actions.resolve', { restaurant: 'stored' }),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request) => resolveAction(db, callerOf(request), request.params.id, request.body, request.offline),
  );

  app.post(
    '/api/actions/:id/reopen',
    {
      schema: {
        tags,
        summary: 'Reopen a resolved action with a reason (hq)',
        params: IdParams,
        body: ReopenAction,
        response: { 200: ActionDetail, ...errors },
      },
      onRequest: guard('actions.reopen'),
    },
    async (request) => reopenAction(db, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/actions/:id/owners',
    {
      schema: {
        tags,
        summary: 'Replace the owners of an action (hq)',
        params: IdParams,
        body: ReassignAction,
        response: { 200: ActionDetail, ...errors },
      },
      onRequest: guard('actions.reassign'),
    },
    async (request) => reassignAction(db, callerOf(request), request.params.id, request.body, notifier),
  );

  app.put(
    '/api/actions/:id/due',
    {
      schema: {
        tags,
        summary: 'Change the due date of an action (hq)',
        params: IdParams,
        body: ChangeActionDue,
        response: { 200: ActionDetail, ...errors },
      },
      onRequest: guard('actions.reassign'),
    },
    async (request) => changeActionDue(db, callerOf(request), request.params.id, request.body),
  );
}
