import {
  AuditDueEntry,
  AuditDuePage,
  AuditDueParams,
  AuditDueQuery,
  AuditDueRefresh,
  AuditSchedule,
  AuditScheduleActive,
  AuditScheduleInput,
  AuditScheduleListQuery,
} from '@brigade/core/schemas/audit-schedules';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { getDue, listDue } from './due-entries';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  refreshDue,
  setScheduleActive,
  updateSchedule,
} from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['audit-schedules'];

/** Audit schedules (hq) and the due audits they produce (hq, and managers for their restaurants). */
export async function auditScheduleRoutes(
  app: App,
  {
    database,
    guard,
    notifier,
    defaultTimeZone,
  }: Pick<AppContext, 'database' | 'guard' | 'notifier' | 'defaultTimeZone'>,
) {
  const { db } = database;
  const manage = guard('schedules.manage');

  app.get(
    '/api/audit-schedules',
    {
      schema: {
        tags,
        summary: 'Audit schedules, sorted (active first, by name, without a choice)',
        querystring: AuditScheduleListQuery,
        response: { 200: z.array(AuditSchedule), ...errors },
      },
      onRequest: manage,
    },
    async (request) => listSchedules(db, request.query, defaultTimeZone),
  );

  app.get(
    '/api/audit-schedules/:id',
    {
      schema: { tags, summary: 'One audit schedule', params: IdParams, response: { 200: AuditSchedule, ...errors } },
      onRequest: manage,
    },
    async (request) => getSchedule(db, request.params.id, defaultTimeZone),
  );

  app.post(
    '/api/audit-schedules',
    {
      schema: {
        tags,
        summary: "Create a schedule; its current period's audits are due at once",
        body: AuditScheduleInput,
        response: { 201: AuditSchedule, ...errors },
      },
      onRequest: manage,
    },
    async (request, reply) =>
      reply.status(201).send(await createSchedule(db, notifier, callerOf(request), request.body, defaultTimeZone)),
  );

  app.put(
    '/api/audit-schedules/:id',
    {
      schema: {
        tags,
        summary: 'Edit a schedule (missed and completed entries stay)',
        params: IdParams,
        body: AuditScheduleInput,
        response: { 200: AuditSchedule, ...errors },
      },
      onRequest: manage,
    },
    async (request) => updateSchedule(db, notifier, request.params.id, request.body, defaultTimeZone),
  );

  app.put(
    '/api/audit-schedules/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a schedule',
        params: IdParams,
        body: AuditScheduleActive,
        response: { 200: AuditSchedule, ...errors },
      },
      onRequest: manage,
    },
    async (request) => setScheduleActive(db, notifier, request.params.id, request.body.isActive, defaultTimeZone),
  );

  app.delete(
    '/api/audit-schedules/:id',
    {
      schema: {
        tags,
        summary: 'Delete a schedule and its due entries (audits stay)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: manage,
    },
    async (request, reply) => {
      await deleteSchedule(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/audit-due/refresh',
    {
      schema: {
        tags,
        summary: 'Run the due job now: current periods become due, ended ones missed',
        // Nothing to send: an empty object, as sign-out takes.
        body: z.object({}).strict(),
        response: { 200: AuditDueRefresh, ...errors },
      },
      onRequest: manage,
    },
    async () => refreshDue(db, notifier),
  );

  app.get(
    '/api/audit-due',
    {
      schema: {
        tags,
        summary: 'Due audits: due this week, missed, completed; one restaurant or all the caller reaches',
        querystring: AuditDueQuery,
        response: { 200: AuditDuePage, ...errors },
      },
      onRequest: guard('auditDue.read', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listDue(db, callerOf(request), request.query),
  );

  app.get(
    '/api/audit-due/:id',
    {
      schema: { tags, summary: 'One due audit', params: AuditDueParams, response: { 200: AuditDueEntry, ...errors } },
      onRequest: guard('auditDue.read', { restaurant: 'stored' }),
    },
    async (request) => getDue(db, callerOf(request), request.params.id),
  );
}
