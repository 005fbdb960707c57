import { ErrorReply } from '@brigade/core/schemas/common';
import { Me, SessionState } from '@brigade/core/schemas/session';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import type { App } from '../../http/app-instance';
import { loadMe } from './service';

export async function sessionRoutes(
  app: App,
  { database, guard, sessionCheck }: Pick<AppContext, 'database' | 'guard' | 'sessionCheck'>,
) {
  // Public: the web app's check at every start, where signed out is the usual answer and a
  // 401 would be logged by the browser as a failed request (issue 31). Same checks as a guard.
  app.get(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Who is signed in on this browser: the person as /api/me answers, or null',
        response: { 200: SessionState },
      },
    },
    async (request) => {
      try {
        return { user: await loadMe(database.db, await sessionCheck(request)) };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) return { user: null };
        throw error;
      }
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in person, their role and restaurants',
        response: { 200: Me, 401: ErrorReply },
      },
      onRequest: guard('session.read'),
    },
    async (request) => loadMe(database.db, callerOf(request)),
  );
}
