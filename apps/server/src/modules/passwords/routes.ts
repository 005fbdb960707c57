import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { ChangePassword, SetTemporaryPassword } from '@brigade/core/schemas/passwords';
import { z } from 'zod';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { changeOwnPassword, setTemporaryPassword } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

/**
 * Passwords outside Better Auth's reset-by-email flow (issue 20, docs/decisions/024):
 * hq sets a temporary one, which the person must replace at their next sign-in.
 */
export async function passwordRoutes(
  app: App,
  { database, auth, guard }: Pick<AppContext, 'database' | 'auth' | 'guard'>,
) {
  const { db } = database;

  app.put(
    '/api/password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Choose my own password (required after a temporary one); ends my other sessions',
        body: ChangePassword,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('password.change'),
    },
    async (request, reply) => {
      await changeOwnPassword(db, auth, callerOf(request), request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/temporary-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a temporary password that the person must change at their next sign-in; ends their sessions',
        params: IdParams,
        body: SetTemporaryPassword,
        response: { 204: z.null(), ...errors },
      },
      onRequest: guard('users.temporaryPassword'),
    },
    async (request, reply) => {
      await setTemporaryPassword(db, auth, callerOf(request), request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
