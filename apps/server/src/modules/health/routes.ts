import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { MigrationStatus } from '../../db/client';
import { DATABASE_UNAVAILABLE } from '../../db/unavailable';
import type { App } from '../../http/app-instance';
import { EMAIL_RETRY_HOURS, emailHealth } from '../../mail/outbox';
import { storageStatusOf } from '../../storage/storage';

const Live = z.object({ status: z.literal('ok') });

const Ready = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Absent when the database is down (it could not be asked). */
  migrations: z.enum(['current', 'pending']).optional(),
  message: z.string().optional(),
  /** Where uploaded files are kept; local disk says it is for one server only. */
  storage: z.object({ kind: z.enum(['local', 's3']), note: z.string().optional() }).optional(),
  /**
   * The email outbox, reported but never a reason to be unready (a mail server that is
   * down does not stop the app): 'off' without SMTP_URL; 'delayed' when an email has
   * waited longer than EMAIL_DELAYED_MINUTES (the mail server refuses or cannot be
   * reached); failedLast7Days counts emails given up after 24 hours of tries.
   */
  email: z
    .object({
      state: z.enum(['off', 'ok', 'delayed']),
      pending: z.number().int(),
      oldestPendingMinutes: z.number().int().nullable(),
      failedLast7Days: z.number().int(),
      note: z.string().optional(),
    })
    .optional(),
});

/** An email waiting longer than this has been refused at least a few times (tries at 1, 2, 4, 8 minutes). */
export const EMAIL_DELAYED_MINUTES = 15;

/**
 * `/api/health/live`: the process answers (no database call), for a liveness probe that
 * restarts a hung process. `/api/health/ready` (and `/api/health`, as before): the
 * database answers and has every migration of this build, for a load balancer or a
 * readiness probe; 503 otherwise, with the reason. Ready also says where uploaded files
 * are kept (`storage`): local disk is for one server only; and how the email outbox is
 * doing (`email`: waiting, the oldest wait, given up lately), for hq's monitoring.
 */
export async function healthRoutes(
  app: App,
  { database, storage, mailer }: Pick<AppContext, 'database' | 'storage' | 'mailer'>,
) {
  const fileStorage = storageStatusOf(storage);

  /** The outbox's line; absent when it cannot be read (the answer stays about readiness). */
  async function emailLine(request: FastifyRequest) {
    try {
      const health = await emailHealth(database.db);
      if (!mailer.configured) return { state: 'off' as const, ...health };
      const delayed = (health.oldestPendingMinutes ?? 0) >= EMAIL_DELAYED_MINUTES;
      return {
        state: delayed ? ('delayed' as const) : ('ok' as const),
        ...health,
        ...(delayed
          ? {
              note: `Emails have waited ${health.oldestPendingMinutes} minutes: the mail server refuses them or cannot be reached. They are retried for ${EMAIL_RETRY_HOURS} hours.`,
            }
          : {}),
      };
    } catch (error) {
      request.log.warn({ err: error }, 'email outbox unreadable');
      return undefined;
    }
  }
  app.get(
    '/api/health/live',
    {
      schema: { tags: ['health'], summary: 'Is the server process up (no database call)', response: { 200: Live } },
    },
    async () => ({ status: 'ok' as const }),
  );

  /** 503 with the reason, or null when ready. */
  async function unready(request: FastifyRequest) {
    let migrations: MigrationStatus;
    try {
      await database.ping();
      migrations = await database.migrationsCurrent();
    } catch (error) {
      request.log.warn({ err: error }, 'database unreachable');
      return { status: 'unavailable' as const, database: 'down' as const, message: DATABASE_UNAVAILABLE };
    }
    if (migrations.current) return null;
    return {
      status: 'unavailable' as const,
      database: 'up' as const,
      migrations: 'pending' as const,
      message: `${migrations.pending} database migration(s) not applied yet: restart the server to apply them.`,
    };
  }

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the server ready: its database reachable and migrated (and where it keeps uploaded files)',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      const problem = await unready(request);
      if (problem) return reply.status(503).send(problem);
      return {
        status: 'ok' as const,
        database: 'up' as const,
        migrations: 'current' as const,
        storage: fileStorage,
        email: await emailLine(request),
      };
    },
  );

  // The original check (e2e, bench, README): the same as ready, its 200 body unchanged.
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the server up and its database reachable (as ready)',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      const problem = await unready(request);
      if (problem) return reply.status(503).send(problem);
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
}
