import {
  AuditDetail,
  AuditItemsInput,
  AuditListQuery,
  AuditPage,
  CreateAudit,
  PersonRef,
} from '@brigade/core/schemas/audits';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { recordExport } from '../activity-log/service';
import { removePhotoFiles } from '../photos/service';
import { sendAuditsCsv } from './audit-csv';
import { createAudit, deleteAudit, getAudit, listAuditors, listAudits, saveDraft, submitAudit } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['audits'];

export async function auditRoutes(
  app: App,
  { database, guard, storage, notifier }: Pick<AppContext, 'database' | 'guard' | 'storage' | 'notifier'>,
) {
  const { db } = database;

  app.get(
    '/api/audits',
    {
      schema: {
        tags,
        summary: 'Audits: all for hq; completed audits of their restaurants for managers and staff',
        querystring: AuditListQuery,
        response: { 200: AuditPage, ...errors },
      },
      onRequest: guard('audits.list', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listAudits(db, callerOf(request), request.query),
  );

  app.get(
    '/api/audits/export.csv',
    {
      schema: {
        tags,
        summary:
          'The audit list as a CSV download (text/csv, attachment): the same filters, search, sort and scope as GET /api/audits, every page',
        querystring: AuditListQuery,
        // The file is streamed as it is; the response schemas only describe the JSON refusals.
        response: errors,
      },
      onRequest: guard('audits.list', { restaurant: 'query.restaurantId' }),
    },
    async (request, reply) =>
      sendAuditsCsv(
        reply,
        db,
        callerOf(request),
        request.query,
        recordExport(db, request, 'audits', { restaurantId: request.query.restaurantId, filters: request.query }),
      ),
  );

  app.get(
    '/api/audits/auditors',
    {
      schema: {
        tags,
        summary: 'People who may be chosen as auditor (active hq)',
        response: { 200: z.array(PersonRef), ...errors },
      },
      onRequest: guard('audits.create'),
    },
    async () => listAuditors(db),
  );

  app.post(
    '/api/audits',
    {
      schema: {
        tags,
        summary: 'Create a draft audit from one or more templates',
        body: CreateAudit,
        response: { 201: z.object({ id: z.string() }), ...errors },
      },
      onRequest: guard('audits.create'),
    },
    async (request, reply) => reply.status(201).send(await createAudit(db, request.body)),
  );

  app.get(
    '/api/audits/:id',
    {
      schema: {
        tags,
        summary: 'One audit with its items',
        params: IdParams,
        response: { 200: AuditDetail, ...errors },
      },
      onRequest: guard('audits.read', { restaurant: 'stored' }),
    },
    async (request) => getAudit(db, callerOf(request), request.params.id),
  );

  app.put(
    '/api/audits/:id/draft',
    {
      schema: {
        tags,
        summary: 'Save Draft: every mark and comment, if the draft is still the version read',
        params: IdParams,
        body: AuditItemsInput,
        response: { 200: AuditDetail, ...errors },
      },
      onRequest: guard('audits.conduct'),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request) => saveDraft(db, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/audits/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit Audit: save, require every item marked, score on the server, complete',
        params: IdParams,
        body: AuditItemsInput,
        response: { 200: AuditDetail, ...errors },
      },
      onRequest: guard('audits.conduct'),
      // Sent by the offline outbox: Idempotency-Key and the device's times (http/idempotency.ts).
      config: { idempotent: true },
    },
    async (request) => submitAudit(db, callerOf(request), request.params.id, request.body, notifier),
  );

  app.delete(
    '/api/audits/:id',
    {
      schema: { tags, summary: 'Delete an audit (hq)', params: IdParams, response: { 204: z.null(), ...errors } },
      onRequest: guard('audits.delete'),
    },
    async (request, reply) => {
      const photoKeys = await deleteAudit(db, request.params.id);
      await removePhotoFiles(storage, request.log, photoKeys);
      return reply.status(204).send(null);
    },
  );
}
