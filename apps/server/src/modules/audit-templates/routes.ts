import {
  AuditTemplateDetail,
  AuditTemplateInput,
  AuditTemplateListQuery,
  AuditTemplateSummary,
} from '@brigade/core/schemas/audit-templates';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['audit-templates'];

export async function auditTemplateRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;
  const onRequest = guard('auditTemplates.manage');

  app.get(
    '/api/audit-templates',
    {
      schema: {
        tags,
        summary: 'Audit templates with their item counts, sorted (by name without a choice)',
        querystring: AuditTemplateListQuery,
        response: { 200: z.array(AuditTemplateSummary), ...errors },
      },
      onRequest,
    },
    async (request) => listTemplates(db, request.query),
  );

  app.get(
    '/api/audit-templates/:id',
    {
      schema: {
        tags,
        summary: 'One template with its ordered items',
        params: IdParams,
        response: { 200: AuditTemplateDetail, ...errors },
      },
      onRequest,
    },
    async (request) => getTemplate(db, request.params.id),
  );

  app.post(
    '/api/audit-templates',
    {
      schema: {
        tags,
        summary: 'Create a template',
        body: AuditTemplateInput,
        response: { 201: AuditTemplateDetail, ...errors },
      },
      onRequest,
    },
    async (request, reply) => reply.status(201).send(await createTemplate(db, callerOf(request), request.body)),
  );

  app.put(
    '/api/audit-templates/:id',
    {
      schema: {
        tags,
        summary: 'Edit a template (past audits keep their own copy of the items)',
        params: IdParams,
        body: AuditTemplateInput,
        response: { 200: AuditTemplateDetail, ...errors },
      },
      onRequest,
    },
    async (request) => updateTemplate(db, request.params.id, request.body),
  );

  app.delete(
    '/api/audit-templates/:id',
    {
      schema: {
        tags,
        summary: 'Delete a template (past audits are unaffected)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest,
    },
    async (request, reply) => {
      await deleteTemplate(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
