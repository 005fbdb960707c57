import { AuditSignOffInput } from '@brigade/core/schemas/audit-sign-offs';
import { AuditDetail } from '@brigade/core/schemas/audits';
import { ErrorReply, IdParams } from '@brigade/core/schemas/common';
import { callerOf } from '../../auth/guards';
import { passwordProof } from '../../auth/password-proof';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { SignOffLimited, signOffAudit } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 429: ErrorReply };

/** A body with an email, a password and a comment is well under this. */
const SIGN_OFF_BODY_LIMIT = 16 * 1024;

/** Sign-off on the spot (issue 33): the restaurant's manager signs a submitted audit off. */
export async function auditSignOffRoutes(
  app: App,
  { database, guard, auth }: Pick<AppContext, 'database' | 'guard' | 'auth'>,
) {
  const { db } = database;
  const prove = passwordProof(auth, db);

  app.post(
    '/api/audits/:id/sign-off',
    {
      schema: {
        tags: ['audits'],
        summary:
          "Sign a completed audit off, once: with the manager's email and password on someone else's phone (checked " +
          'like a sign-in and counted against its limits, but no session is made), or as a manager of its restaurant ' +
          'without them. 400 credentials missing or wrong, 403 not an active manager of the restaurant, 409 a draft or ' +
          'signed off already, 429 too many failed attempts',
        params: IdParams,
        body: AuditSignOffInput,
        response: { 200: AuditDetail, ...errors },
      },
      bodyLimit: SIGN_OFF_BODY_LIMIT,
      onRequest: guard('audits.signOff', { restaurant: 'stored' }),
    },
    async (request, reply) => {
      try {
        return await signOffAudit(db, prove, callerOf(request), request.params.id, request.body, request.ip);
      } catch (error) {
        if (error instanceof SignOffLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );
}
