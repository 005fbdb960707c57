import {
  Checklist,
  ChecklistCopyInput,
  ChecklistInput,
  ChecklistListQuery,
  ChecklistOptOutInput,
  ChecklistPage,
  ChecklistSummary,
} from '@brigade/core/schemas/checklists';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { SetActive } from '@brigade/core/schemas/restaurants';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import {
  copyChecklist,
  createChecklist,
  deleteChecklist,
  getChecklist,
  listChecklists,
  setChecklistActive,
  setOptedOut,
  updateChecklist,
} from './templates';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['checklists'];

/**
 * Checklist templates (issue 33): hq's chain templates and managers' local checklists.
 * Every route is `checklists.manage` (hq and managers; staff 403); which checklist a
 * manager may change is the service's rule (their restaurants' own, never a chain template).
 */
export async function checklistTemplateRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/checklists',
    {
      schema: {
        tags,
        summary: "Checklists, paged, searched and sorted by name or items; a manager's are those for their restaurant",
        querystring: ChecklistListQuery,
        response: { 200: ChecklistPage, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listChecklists(db, callerOf(request), request.query),
  );

  app.get(
    '/api/checklists/:id',
    {
      schema: {
        tags,
        summary: 'One checklist with its current version and windows',
        params: IdParams,
        response: { 200: Checklist, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'stored' }),
    },
    async (request) => getChecklist(db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/checklists',
    {
      schema: {
        tags,
        summary: "Create a chain template (hq, restaurantId null) or a restaurant's own checklist",
        body: ChecklistInput,
        response: { 201: Checklist, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'body.restaurantId' }),
    },
    async (request, reply) => reply.status(201).send(await createChecklist(db, callerOf(request), request.body)),
  );

  app.put(
    '/api/checklists/:id',
    {
      schema: {
        tags,
        summary: 'Edit a checklist; a content change adds a version, records keep theirs',
        params: IdParams,
        body: ChecklistInput,
        response: { 200: Checklist, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'stored' }),
    },
    async (request) => updateChecklist(db, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/checklists/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a checklist (no new records while inactive)',
        params: IdParams,
        body: SetActive,
        response: { 200: Checklist, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'stored' }),
    },
    async (request) => setChecklistActive(db, callerOf(request), request.params.id, request.body.isActive),
  );

  app.delete(
    '/api/checklists/:id',
    {
      schema: {
        tags,
        summary: 'Delete a checklist without records (409 once it has some: deactivate it instead)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      await deleteChecklist(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/checklists/:id/opt-out',
    {
      schema: {
        tags,
        summary: 'Switch an unlocked chain template off (or on again) at one restaurant',
        params: IdParams,
        body: ChecklistOptOutInput,
        response: { 200: ChecklistSummary, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'body.restaurantId' }),
    },
    async (request) => setOptedOut(db, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/checklists/:id/copy',
    {
      schema: {
        tags,
        summary: "Copy an unlocked chain template into a restaurant's own checklist (the template goes off there)",
        params: IdParams,
        body: ChecklistCopyInput,
        response: { 201: Checklist, ...errors },
      },
      onRequest: guard('checklists.manage', { restaurant: 'body.restaurantId' }),
    },
    async (request, reply) =>
      reply.status(201).send(await copyChecklist(db, callerOf(request), request.params.id, request.body)),
  );
}
