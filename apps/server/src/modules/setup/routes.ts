import { messages } from '@brigade/core/messages';
import { ErrorReply } from '@brigade/core/schemas/common';
import { CreateFirstAccount, FirstRunStatus } from '@brigade/core/schemas/session';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import type { App } from '../../http/app-instance';
import { createFirstAccount, isFirstRun } from './service';

/** First run: an empty database offers to create the head office account, once. */
export async function setupRoutes(app: App, { database, auth }: Pick<AppContext, 'database' | 'auth'>) {
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
      // Closed: refused before the password is hashed, so anonymous requests cost no CPU.
      if (!(await isFirstRun(database.db))) throw conflict(messages.firstRunClosed);
      await createFirstAccount(database.db, auth, request.body);
      return reply.status(201).send({ needed: false });
    },
  );
}
