import { ErrorReply } from '@brigade/core/schemas/common';
import { Me } from '@brigade/core/schemas/session';
import { callerOf } from '../../auth/guards';
import type { App, AppContext } from '../../context';
import { loadMe } from './service';

export async function sessionRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
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
