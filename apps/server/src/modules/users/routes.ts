import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { SetActive } from '@brigade/core/schemas/restaurants';
import { SaveUser, StaffListQuery, StaffMember, StaffPage } from '@brigade/core/schemas/users';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { csvFileName, sendCsv } from '../../http/send-csv';
import { recordExport } from '../activity-log/service';
import { deleteUser, exportStaff, listStaff, saveUser, setUserActive } from './service';
import { STAFF_CSV_COLUMNS } from './staff-csv';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };
const tags = ['users'];

export async function userRoutes(app: App, { database, auth, guard }: Pick<AppContext, 'database' | 'auth' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Staff Management list: hq sees everyone, a manager the staff of one of their restaurants',
        querystring: StaffListQuery,
        response: { 200: StaffPage, ...errors },
      },
      onRequest: guard('users.list', { restaurant: 'query.restaurantId' }),
    },
    async (request) => listStaff(db, callerOf(request), request.query),
  );

  app.get(
    '/api/users/export.csv',
    {
      schema: {
        tags,
        summary:
          'Staff Management list as a CSV download: the same search, restaurant, sort and scope as the list, every page',
        querystring: StaffListQuery,
        produces: ['text/csv'],
        response: errors,
      },
      onRequest: guard('users.list', { restaurant: 'query.restaurantId' }),
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: csvFileName('staff'),
        columns: STAFF_CSV_COLUMNS,
        rows: exportStaff(db, callerOf(request), request.query),
        onSent: recordExport(db, request, 'staff', {
          restaurantId: request.query.restaurantId,
          filters: request.query,
        }),
      }),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags,
        summary: 'Create (no id) or edit (id) a person with their restaurants',
        body: SaveUser,
        response: { 200: StaffMember, 201: StaffMember, ...errors },
      },
      onRequest: guard('users.save', { restaurant: 'body.selectedRestaurants' }),
    },
    async (request, reply) => {
      const { created, member } = await saveUser(db, auth, callerOf(request), request.body);
      return reply.status(created ? 201 : 200).send(member);
    },
  );

  app.patch(
    '/api/users/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a person (deactivating ends their sessions)',
        params: IdParams,
        body: SetActive,
        response: { 200: StaffMember, ...errors },
      },
      onRequest: guard('users.setActive', { restaurant: 'stored' }),
    },
    async (request) => setUserActive(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a person; what they did for others stays',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('users.delete', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      await deleteUser(db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
