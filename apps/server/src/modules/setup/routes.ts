import { ErrorReply } from '@brigade/core/schemas/common';
import { CreateFirstAccount, FirstRunStatus } from '@brigade/core/schemas/session';
import type { App, AppContext } from '../../context';
import { createFirstAccount, isFirstRun } from './service';

/** First run: an empty database offers to create the head office account, once. */
export function setupRoutes(app: App, { database, auth }: AppContext) {
  app.get(
    '/api/setup',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether the first head office account is still to be created',
        response: { 200: FirstRunStatus },
      },
    },
    async () => ({ needed: await isFirstRun(database.db) }),
  );

  app.post(
    '/api/setup',
    {
      schema: {
        tags: ['setup'],
        summary: 'Create the first head office account (only while no user exists)',
        body: CreateFirstAccount,
        response: { 201: FirstRunStatus, 400: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      await createFirstAccount(database.db, auth, request.body);
      return reply.status(201).send({ needed: false });
    },
  );
}
